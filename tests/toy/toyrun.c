/* toyrun — run toy programs on the emulator isagen generates from toy.spec,
 * checking every step against the generated symbolic transformer.
 *
 *   toyrun [--trace] [--max-steps N] PROGRAM.hex...
 *
 * A program is hex text: whitespace-separated bytes, '#' starts a comment
 * that runs to the end of the line.  It is loaded at 0x1000 (1 MiB mapped
 * there for code and data), the stack pointer starts at the descriptor's
 * stack_top (1 MiB mapped below it), all other registers and flags are 0.
 *
 * System calls use the descriptor's ABI (number, argument and result
 * registers, error flag): 1 = exit(status), 4 = write(fd, buf, len) for fd 1
 * and 2 (result: len, or errno with the error flag set).  hlt / stop end the
 * program with status 0.
 *
 * Exit status (one program): the program's exit status; 1 usage or input
 * error; 2 unsupported system call; 3 symbolic/concrete mismatch; 4 the
 * program failed (invalid instruction, memory fault, trap, step budget).
 * With several programs: 0 if each ran to its exit, else the first failure's
 * status.  --trace prints one line per step (address, bytes, assembly) to
 * stderr; the step counts go to stderr at the end of each program.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"
#include "sparse_mem.h"
#include "stepcheck.h"

extern const isa_desc toy_isa_desc;
static const isa_desc *const D = &toy_isa_desc;

#define LOAD_ADDR 0x1000u
#define REGION (1u << 20)
#define SYS_EXIT 1
#define SYS_WRITE 4
#define E_BADF 9
#define E_FAULT 14

enum { ST_USAGE = 1, ST_SYSCALL = 2, ST_MISMATCH = 3, ST_FAILED = 4 };

typedef struct prog {
  uint8_t *b;
  size_t n, cap;
} prog;

/* Reads the hex text file path into p; prints a message and returns false on error. */
static bool load_hex(const char *path, prog *p) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "toyrun: %s: %s\n", path, strerror(errno));
    return false;
  }
  char line[4096];
  unsigned lineno = 0;
  bool ok = true;
  while (ok && fgets(line, sizeof line, f)) {
    lineno++;
    char *hash = strchr(line, '#');
    if (hash) *hash = 0;
    for (char *tok = strtok(line, " \t\r\n\v\f"); tok; tok = strtok(NULL, " \t\r\n\v\f")) {
      char *end;
      unsigned long v = strtoul(tok, &end, 16);
      if (*end || strlen(tok) > 2 || tok[0] == '-' || tok[0] == '+') {
        fprintf(stderr, "toyrun: %s:%u: \"%s\" is not a byte in hex\n", path, lineno, tok);
        ok = false;
        break;
      }
      if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 256;
        uint8_t *nb = realloc(p->b, p->cap);
        if (!nb) {
          fprintf(stderr, "toyrun: out of memory\n");
          ok = false;
          break;
        }
        p->b = nb;
      }
      p->b[p->n++] = (uint8_t)v;
    }
  }
  if (ok && ferror(f)) {
    fprintf(stderr, "toyrun: %s: read error\n", path);
    ok = false;
  }
  fclose(f);
  if (ok && p->n == 0) {
    fprintf(stderr, "toyrun: %s: no bytes\n", path);
    ok = false;
  }
  if (ok && p->n > REGION) {
    fprintf(stderr, "toyrun: %s: %zu bytes do not fit in the %u-byte program region\n", path, p->n, REGION);
    ok = false;
  }
  return ok;
}

typedef struct machine {
  uint64_t reg[64];
  smem *mem;
  unsigned long steps, checked;
  int status; /* the program's exit status once it ended */
} machine;

static void print_insn_line(uint64_t pc, const uint8_t *b, unsigned len, const char *text) {
  char hex[3 * ISA_MAX_LEN + 1] = "";
  for (unsigned i = 0, k = 0; i < len; i++) k += (unsigned)snprintf(hex + k, sizeof hex - k, i ? " %02x" : "%02x", b[i]);
  fprintf(stderr, "%08llx  %-35s  %s\n", (unsigned long long)pc, hex, text);
}

/* The system call at the current state; returns -1 to continue, else an exit status. */
static int do_syscall(machine *m, uint64_t pc, bool *exited) {
  const isa_syscall_abi *abi = &D->syscall;
  uint64_t nr = m->reg[abi->number];
  uint64_t a[4] = {0, 0, 0, 0};
  for (unsigned i = 0; i < abi->nargs && i < 4; i++) a[i] = m->reg[abi->args[i]];
  uint64_t amask = D->addr_bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << D->addr_bits) - 1;
  if (nr == SYS_EXIT) {
    *exited = true;
    return (int)(a[0] & 0xFF);
  }
  if (nr == SYS_WRITE) {
    uint64_t result = a[2];
    bool err = false;
    if (a[0] != 1 && a[0] != 2) {
      result = E_BADF;
      err = true;
    } else {
      FILE *out = a[0] == 1 ? stdout : stderr;
      for (uint64_t i = 0; i < a[2]; i++) {
        uint8_t c;
        if (smem_load(m->mem, (a[1] + i) & amask, 1, &c)) {
          result = E_FAULT;
          err = true;
          break;
        }
        fputc(c, out);
      }
      fflush(out);
    }
    m->reg[abi->result] = result & ((D->regs[abi->result].width >= 64) ? ~UINT64_C(0)
                                                                        : (UINT64_C(1) << D->regs[abi->result].width) - 1);
    if (abi->error_flag >= 0) m->reg[abi->error_flag] = err;
    return -1;
  }
  fprintf(stderr, "unsupported system call %llu at 0x%llx\n", (unsigned long long)nr, (unsigned long long)pc);
  return ST_SYSCALL;
}

/* Runs one program; returns its exit status (or one of ST_*), *ended says
 * whether the program itself ended (exit or halt). */
static int run(const char *path, const prog *p, bool trace, unsigned long max_steps, bool *ended) {
  machine m;
  memset(&m, 0, sizeof m);
  *ended = false;
  if (D->nregs > sizeof m.reg / sizeof m.reg[0]) {
    fprintf(stderr, "toyrun: too many registers\n");
    return ST_USAGE;
  }
  m.mem = smem_new(D->addr_bits, 0);
  smem_set_default(m.mem, false);
  smem_map(m.mem, LOAD_ADDR, LOAD_ADDR + REGION, true);
  smem_map(m.mem, D->stack_top - REGION, D->stack_top, true);
  for (size_t i = 0; i < p->n; i++) smem_poke(m.mem, LOAD_ADDR + i, p->b[i]);
  m.reg[D->pc] = LOAD_ADDR;
  m.reg[D->sp] = D->stack_top;
  isa_cpu cpu = {.reg = m.reg, .mem = m.mem, .load = smem_load, .store = smem_store};
  int status = -1;
  char text[160], msg[4096];
  while (status < 0) {
    uint64_t pc = m.reg[D->pc];
    if (m.steps >= max_steps) {
      fprintf(stderr, "%s: step budget of %lu exhausted at 0x%llx\n", path, max_steps, (unsigned long long)pc);
      status = ST_FAILED;
      break;
    }
    uint8_t buf[ISA_MAX_LEN];
    unsigned n = 0;
    while (n < D->max_len && n < sizeof buf && smem_load(m.mem, pc + n, 1, buf + n) == 0) n++;
    if (n == 0) {
      fprintf(stderr, "%s: memory fault fetching at 0x%llx\n", path, (unsigned long long)pc);
      status = ST_FAILED;
      break;
    }
    isa_insn in;
    isa_decode_result dr = D->decode(buf, n, pc, &in);
    if (dr != ISA_DECODE_OK) {
      fprintf(stderr, "%s: %s instruction at 0x%llx:", path, dr == ISA_DECODE_INVALID ? "invalid" : "truncated",
              (unsigned long long)pc);
      for (unsigned i = 0; i < n; i++) fprintf(stderr, " %02x", buf[i]);
      fputc('\n', stderr);
      status = ST_FAILED;
      break;
    }
    D->print(&in, text, sizeof text);
    if (trace) print_insn_line(pc, buf, in.len, text);
    uint64_t pre[64];
    memcpy(pre, m.reg, sizeof pre);
    smem_log_clear(m.mem);
    isa_step_result res = D->step(&cpu, &in);
    m.steps++;
    if (res == ISA_STEP_FAULT) {
      fprintf(stderr, "%s: memory fault: %s at 0x%llx by \"%s\" at 0x%llx\n", path, cpu.fault_write ? "write" : "read",
              (unsigned long long)cpu.fault_addr, text, (unsigned long long)pc);
      status = ST_FAILED;
      break;
    }
    stepcheck_result sr = stepcheck(D, &in, pre, m.reg, res, m.mem, msg, sizeof msg);
    if (sr == STEPCHECK_MISMATCH) {
      fprintf(stderr, "%s: symbolic mismatch at 0x%llx \"%s\": %s\n", path, (unsigned long long)pc, text, msg);
      status = ST_MISMATCH;
      break;
    }
    if (sr == STEPCHECK_AGREE) m.checked++;
    if (res == ISA_STEP_TRAP) {
      fprintf(stderr, "%s: trap at 0x%llx \"%s\": %s\n", path, (unsigned long long)pc, text,
              cpu.trap_msg ? cpu.trap_msg : "?");
      status = ST_FAILED;
      break;
    }
    isa_flow flow = D->insns[in.id].flow;
    if (flow == ISA_FLOW_SYSCALL) {
      bool exited = false;
      int r = do_syscall(&m, pc, &exited);
      if (exited) {
        *ended = true;
        status = r;
      } else if (r >= 0) {
        status = r;
      }
    } else if (flow == ISA_FLOW_HALT) {
      fprintf(stderr, "%s: halted at 0x%llx\n", path, (unsigned long long)pc);
      *ended = true;
      status = 0;
    }
  }
  fprintf(stderr, "%lu steps, %lu checked symbolically\n", m.steps, m.checked);
  smem_free(m.mem);
  return status;
}

static int usage(void) {
  fprintf(stderr, "usage: toyrun [--trace] [--max-steps N] PROGRAM.hex...\n");
  return ST_USAGE;
}

int main(int argc, char **argv) {
  bool trace = false;
  unsigned long max_steps = 1000000;
  int first = argc;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--trace") == 0) {
      trace = true;
    } else if (strcmp(argv[i], "--max-steps") == 0 && i + 1 < argc) {
      char *end;
      errno = 0;
      max_steps = strtoul(argv[++i], &end, 0);
      if (*end || errno || argv[i][0] == '-') return usage();
    } else if (strcmp(argv[i], "--") == 0) {
      first = i + 1;
      break;
    } else if (argv[i][0] == '-') {
      return usage();
    } else {
      first = i;
      break;
    }
  }
  if (first >= argc) return usage();
  int nprog = argc - first, result = 0;
  for (int i = first; i < argc; i++) {
    prog p = {NULL, 0, 0};
    bool ended = false;
    int st = ST_USAGE;
    if (load_hex(argv[i], &p)) st = run(argv[i], &p, trace, max_steps, &ended);
    free(p.b);
    if (nprog == 1) return st;
    if (ended) fprintf(stderr, "%s: exit status %d\n", argv[i], st);
    if (!ended && result == 0) result = st;
  }
  return result;
}
