/* exec.c — the concrete run loop, system calls, trace and AE stack. */
#include "exec.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

#define DCACHE_BITS 12
#define DCACHE_SIZE (1u << DCACHE_BITS)
#define BCACHE_BITS 10
#define BCACHE_SIZE (1u << BCACHE_BITS)
#define BLOCK_MAX 32       /* steps of one block at most */
#define BPOOL_SIZE 16384   /* steps of all blocks; when full, every block is dropped */
#define STACK_SIZE ((uint64_t)8 << 20)   /* the initial stack region */
#define BRK_LIMIT ((uint64_t)256 << 20)  /* how far the heap may grow */
#define LINUX_EBADF EX_LINUX_EBADF
#define LINUX_EFAULT EX_LINUX_EFAULT
#define LINUX_EINVAL 22

/* A decode-cache entry: the predecoded instruction at pc with what the run
 * loop needs about it, so that a hit costs no decoding, no descriptor look-up
 * and no memory read.  Valid while no executable byte changed since stamp
 * (mem_exec_gen), which keeps self-modifying code exact. */
typedef struct dentry {
  uint64_t pc, stamp;
  isa_step_fn fn;    /* the instruction's handler; NULL: the entry is empty */
  uint64_t next;     /* the address after the instruction */
  uint8_t kind;      /* ex_kind of the flow class */
  uint8_t flow;      /* isa_flow */
  bool may_fall_through;
  bool plain;        /* no bookkeeping after the step: not a call, return, system call or halt */
  isa_insn insn;
  uint8_t bytes[ISA_MAX_LEN]; /* the instruction's bytes, for record and trace */
} dentry;

/* A block: the straight-line run of plain instructions starting at pc, each
 * fall-through but the last (which may also jump), copied from the decode
 * cache into consecutive steps so that running it needs no look-up per
 * instruction.  Valid while no executable byte changed since stamp (the
 * oldest stamp of its instructions); a step that may have changed one ends
 * the block (a store through the call ends the chain, isa.h, and every
 * store into code goes through the call), so self-modifying code stays
 * exact.  The steps are an isa_chain_step array: the first
 * runs the others itself.  n == 0: the slot is empty. */
typedef isa_chain_step bstep;

typedef struct block {
  uint64_t pc, stamp;
  uint32_t n;        /* steps */
  bstep *s;          /* into the machine's pool */
} block;

struct ex_machine {
  const isa_desc *d;
  mem_space *m;
  const uint64_t *xgen; /* mem_exec_gen, read in place on every step */
  const el_image *img;
  in_assign *in;
  uint64_t *reg;
  uint64_t amask;
  uint64_t brk, brk0;
  dentry *dcache;
  block *bcache;     /* BCACHE_SIZE blocks, by start address */
  bstep *bpool;      /* BPOOL_SIZE steps, the blocks' */
  size_t nbpool;     /* steps used */
  ex_pos *trace;
  size_t ntrace, captrace;
  uint64_t *rstack; /* auxiliary return-address stack */
  int64_t last_sysret;
  size_t nrstack, caprstack;
};

static uint64_t wmask(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

static uint8_t undef_byte(void *ctx, uint64_t addr) { return in_mem(ctx, addr); }

ex_machine *ex_new(const isa_desc *d, mem_space *m, const el_image *img, in_assign *in) {
  ex_machine *x = calloc(1, sizeof *x);
  if (!x) xa_nomem();
  x->d = d;
  x->m = m;
  x->xgen = mem_exec_gen_at(m);
  x->img = img;
  x->in = in;
  x->amask = wmask(d->addr_bits);
  x->reg = calloc(d->nregs, sizeof *x->reg);
  /* cache-line aligned: a hit touches the lines of the header, alt and f[0..] */
  x->dcache = aligned_alloc(64, (DCACHE_SIZE * sizeof *x->dcache + 63) & ~(size_t)63);
  if (x->dcache) memset(x->dcache, 0, DCACHE_SIZE * sizeof *x->dcache);
  x->bcache = calloc(BCACHE_SIZE, sizeof *x->bcache);
  x->bpool = aligned_alloc(64, (BPOOL_SIZE * sizeof *x->bpool + 63) & ~(size_t)63);
  if (!x->reg || !x->dcache || !x->bcache || !x->bpool) xa_nomem();
  mem_set_undef(m, undef_byte, in);
  /* initial registers: inputs, except PC (the entry point) and SP (the stack) */
  for (unsigned i = 0; i < d->nregs; i++)
    if (i != d->pc && i != d->sp) x->reg[i] = in_reg(in, d->regs[i].name, d->regs[i].width);
  x->reg[d->pc] = img ? img->entry : 0;
  x->reg[d->sp] = d->stack_top & x->amask;
  x->brk = x->brk0 = img ? img->brk : 0;
  return x;
}

void ex_free(ex_machine *x) {
  if (!x) return;
  free(x->reg);
  free(x->dcache);
  free(x->bcache);
  free(x->bpool);
  free(x->trace);
  free(x->rstack);
  free(x);
}

uint64_t *ex_regs(ex_machine *x) { return x->reg; }
size_t ex_trace_len(const ex_machine *x) { return x->ntrace; }
const ex_pos *ex_trace(const ex_machine *x) { return x->trace; }

/* ---- the initial stack ------------------------------------------------------ */

static void put_word(ex_machine *x, uint64_t addr, uint64_t v) {
  unsigned n = x->d->addr_bits / 8;
  uint8_t b[8];
  for (unsigned i = 0; i < n; i++) b[x->d->big_endian ? n - 1 - i : i] = (uint8_t)(v >> (8 * i));
  mem_poke(x->m, addr, n, b, NULL);
}

int ex_setup_stack(ex_machine *x, int argc, char **argv, char *err, size_t errsz) {
  const isa_desc *d = x->d;
  uint64_t top = d->stack_top & x->amask, word = d->addr_bits / 8;
  if (top < STACK_SIZE || (top & (MEM_PAGE_SIZE - 1))) {
    snprintf(err, errsz, "the ISA's initial stack 0x%llx cannot hold an 8 MiB stack", (unsigned long long)top);
    return -1;
  }
  mem_err e = mem_map(x->m, top - STACK_SIZE, STACK_SIZE, MEM_R | MEM_W, MEM_INPUT);
  if (e) {
    snprintf(err, errsz, "cannot map the stack below 0x%llx: %s (does the program overlap it?)",
             (unsigned long long)top, mem_err_name(e));
    return -1;
  }
  /* strings at the top, then the vectors below them */
  uint64_t p = top - 16, *argp = calloc((size_t)argc + 1, sizeof *argp);
  if (!argp) xa_nomem();
  for (int i = argc - 1; i >= 0; i--) {
    size_t n = strlen(argv[i]) + 1;
    if (n > 65536 || p - n < top - STACK_SIZE / 2) {
      free(argp);
      snprintf(err, errsz, "program arguments too long");
      return -1;
    }
    p -= n;
    mem_poke(x->m, p, n, (const uint8_t *)argv[i], NULL);
    argp[i] = p;
  }
  uint64_t pagesz_at = 6; /* AT_PAGESZ */
  size_t nwords = 1 + (size_t)argc + 1 + 1 + 4;  /* argc, argv, NULL, envp NULL, auxv (2 pairs) */
  p = (p - nwords * word) & ~(uint64_t)15;
  uint64_t sp = p;
  put_word(x, p, (uint64_t)argc);
  p += word;
  for (int i = 0; i < argc; i++, p += word) put_word(x, p, argp[i]);
  put_word(x, p, 0), p += word; /* argv end */
  put_word(x, p, 0), p += word; /* no environment */
  put_word(x, p, pagesz_at), p += word;
  put_word(x, p, MEM_PAGE_SIZE), p += word;
  put_word(x, p, 0), p += word; /* AT_NULL */
  put_word(x, p, 0);
  free(argp);
  x->reg[d->sp] = sp;
  return 0;
}

/* ---- system calls ----------------------------------------------------------- */

static void sys_return(ex_machine *x, int64_t v) {
  const isa_syscall_abi *a = &x->d->syscall;
  x->last_sysret = v;
  unsigned w = x->d->regs[a->result].width;
  if (a->error_flag >= 0) {
    x->reg[a->error_flag] = v < 0;
    x->reg[a->result] = (uint64_t)(v < 0 ? -v : v) & wmask(w);
  } else
    x->reg[a->result] = (uint64_t)v & wmask(w);
}

static uint64_t arg(ex_machine *x, unsigned i) {
  const isa_syscall_abi *a = &x->d->syscall;
  return i < a->nargs ? x->reg[a->args[i]] : 0;
}

/* Returns EX_RUNNING to go on, or the status that ends the run. */
static ex_status do_syscall(ex_machine *x, const ex_opts *o, ex_result *r) {
  const isa_syscall_abi *a = &x->d->syscall;
  if (a->number < 0) return EX_UNSUPPORTED;
  uint64_t nr = x->reg[a->number];
  int svc = -1;
  for (int i = 0; i < ISA_SYS_COUNT; i++)
    if (a->numbers[i] >= 0 && (uint64_t)a->numbers[i] == nr) svc = i;
  r->addr = nr;
  switch (svc) {
  case ISA_SYS_EXIT:
  case ISA_SYS_EXIT_GROUP:
    r->exit_code = (int)(arg(x, 0) & 0xff);
    return EX_EXITED;
  case ISA_SYS_WRITE: {
    uint64_t fd = arg(x, 0), buf = arg(x, 1), n = arg(x, 2);
    FILE *f = fd == 1 ? o->out : fd == 2 ? o->err : NULL;
    if (!f) {
      sys_return(x, -LINUX_EBADF);
      return EX_RUNNING;
    }
    uint8_t tmp[4096];
    uint64_t done = 0;
    while (done < n) {
      size_t k = n - done < sizeof tmp ? (size_t)(n - done) : sizeof tmp;
      if (mem_read(x->m, (buf + done) & x->amask, k, tmp, NULL)) {
        if (!done) {
          sys_return(x, -LINUX_EFAULT);
          return EX_RUNNING;
        }
        break;
      }
      fwrite(tmp, 1, k, f);
      done += k;
    }
    fflush(f);
    sys_return(x, (int64_t)done);
    return EX_RUNNING;
  }
  case ISA_SYS_READ: {
    uint64_t fd = arg(x, 0), buf = arg(x, 1), n = arg(x, 2);
    if (fd != 0) {
      sys_return(x, -LINUX_EBADF);
      return EX_RUNNING;
    }
    uint8_t tmp[EX_READ_MAX];
    size_t k = n < sizeof tmp ? (size_t)n : sizeof tmp;
    /* like the kernel: nothing is consumed if the buffer is not writable */
    uint8_t probe;
    if (k && mem_read(x->m, buf & x->amask, 1, &probe, NULL) != MEM_OK) {
      sys_return(x, -LINUX_EFAULT);
      return EX_RUNNING;
    }
    long got = in_stdin(x->in, tmp, k);
    if (got < 0) {
      sys_return(x, -LINUX_EINVAL);
      return EX_RUNNING;
    }
    if (got && mem_write(x->m, buf & x->amask, (size_t)got, tmp, NULL)) {
      sys_return(x, -LINUX_EFAULT);
      return EX_RUNNING;
    }
    sys_return(x, got);
    return EX_RUNNING;
  }
  case ISA_SYS_BRK: {
    uint64_t want = arg(x, 0) & x->amask;
    if (want >= x->brk0 && want <= x->brk0 + BRK_LIMIT) {
      uint64_t have = (x->brk + MEM_PAGE_SIZE - 1) & ~(MEM_PAGE_SIZE - 1);
      uint64_t need = (want + MEM_PAGE_SIZE - 1) & ~(MEM_PAGE_SIZE - 1);
      if (need <= have || mem_map(x->m, have, need - have, MEM_R | MEM_W, MEM_ZERO) == MEM_ERR_NONE) x->brk = want;
    }
    sys_return(x, (int64_t)x->brk);
    return EX_RUNNING;
  }
  default:
    return EX_UNSUPPORTED;
  }
}

/* ---- the run loop ------------------------------------------------------------ */

/* The cache entry of the instruction at pc if it holds one that is still
 * valid, else NULL. */
static inline dentry *hit(dentry *dcache, const uint64_t *xgen, uint64_t pc) {
  dentry *e = &dcache[(pc ^ (pc >> DCACHE_BITS)) & (DCACHE_SIZE - 1)];
  return e->fn && e->pc == pc && *xgen <= e->stamp ? e : NULL;
}

/* The cache entry of the instruction at pc, decoding it on a miss; NULL with
 * r's status set when it cannot be fetched or decoded. */
static inline dentry *fetch(ex_machine *x, uint64_t pc, ex_result *r) {
  dentry *e = hit(x->dcache, x->xgen, pc);
  if (e) return e;
  e = &x->dcache[(pc ^ (pc >> DCACHE_BITS)) & (DCACHE_SIZE - 1)];
  const isa_desc *d = x->d;
  uint8_t buf[ISA_MAX_LEN];
  size_t got = 0;
  uint64_t faddr;
  uint64_t stamp = mem_stamp(x->m);
  e->fn = NULL;
  int f = mem_fetch(x->m, pc, d->max_len, buf, &got, &faddr);
  if (f) {
    r->status = EX_FAULT;
    r->addr = faddr;
    r->fault_kind = f;
    r->fault_write = false;
    return NULL;
  }
  if (d->decode(buf, got, pc, &e->insn) != ISA_DECODE_OK) {
    r->status = EX_INVALID;
    return NULL;
  }
  const isa_insn_info *info = &d->insns[e->insn.id];
  isa_flow flow = info->flow;
  e->pc = pc;
  e->stamp = stamp;
  e->next = (pc + e->insn.len) & x->amask;
  e->flow = (uint8_t)flow;
  e->kind = (uint8_t)(flow == ISA_FLOW_CALL || flow == ISA_FLOW_ICALL ? EX_CALL
                      : flow == ISA_FLOW_RETURN                       ? EX_RETURN
                                                                      : EX_INTERNAL);
  e->may_fall_through = info->may_fall_through;
  e->plain = flow == ISA_FLOW_FALLTHROUGH || flow == ISA_FLOW_JUMP || flow == ISA_FLOW_CJUMP || flow == ISA_FLOW_IJUMP;
  memcpy(e->bytes, buf, e->insn.len);
  /* steps[id] skips step's clearing of trap_msg: a trap always sets it;
   * handler picks the version specialised to the decoded alternatives */
  e->fn = d->handler ? d->handler(&e->insn) : d->steps ? d->steps[e->insn.id] : d->step;
  return e;
}

/* The block starting at pc if the cache holds a valid one, else NULL. */
static inline block *bhit(block *bcache, const uint64_t *xgen, uint64_t pc) {
  block *b = &bcache[(pc ^ (pc >> BCACHE_BITS)) & (BCACHE_SIZE - 1)];
  return b->n && b->pc == pc && *xgen <= b->stamp ? b : NULL;
}

/* The block starting at pc, built from the decode cache; NULL when the
 * instruction at pc is not plain or cannot be fetched (the general step
 * then deals with it). */
static block *bbuild(ex_machine *x, uint64_t pc) {
  ex_result scratch = {0};
  dentry *e = fetch(x, pc, &scratch);
  if (!e || !e->plain) return NULL;
  if (x->nbpool + BLOCK_MAX > BPOOL_SIZE) { /* full: drop every block */
    for (unsigned i = 0; i < BCACHE_SIZE; i++) x->bcache[i].n = 0;
    x->nbpool = 0;
  }
  block *b = &x->bcache[(pc ^ (pc >> BCACHE_BITS)) & (BCACHE_SIZE - 1)];
  b->pc = pc;
  b->stamp = e->stamp;
  b->s = &x->bpool[x->nbpool];
  b->n = 0;
  for (;;) {
    bstep *s = &b->s[b->n++];
    s->fn = e->fn;
    memcpy(&s->insn, &e->insn, sizeof s->insn);
    if (e->stamp < b->stamp) b->stamp = e->stamp;
    if (e->flow != ISA_FLOW_FALLTHROUGH || b->n == BLOCK_MAX) break;
    /* fetch may evict entries, never the block's copies */
    e = fetch(x, e->next, &scratch);
    if (!e || !e->plain || *x->xgen > e->stamp) break;
  }
  x->nbpool += b->n;
  return b;
}

static void trace_line(ex_machine *x, FILE *f, const isa_insn *in, const uint8_t *bytes, ex_kind k) {
  char text[200];
  x->d->print(in, text, sizeof text);
  fprintf(f, "0x%08llx  ", (unsigned long long)in->addr);
  for (int i = 0; i < 8; i++) {
    if (i < in->len) fprintf(f, "%02x ", bytes[i]);
    else fputs("   ", f);
  }
  fprintf(f, "%s%-32s%s\n", in->len > 8 ? "+ " : "  ", text, k == EX_CALL ? "  [call]" : k == EX_RETURN ? "  [ret]" : "");
}

/* The run's end after a step that did not complete. */
static void step_failed(ex_result *r, const isa_cpu *cpu, isa_step_result sr) {
  if (sr == ISA_STEP_FAULT) {
    r->status = EX_FAULT;
    r->addr = cpu->fault_addr;
    r->fault_kind = cpu->fault_kind;
    r->fault_write = cpu->fault_write;
  } else {
    r->status = EX_TRAP;
    r->trap_msg = cpu->trap_msg;
  }
}

ex_result ex_run(ex_machine *x, const ex_opts *o) {
  const isa_desc *d = x->d;
  ex_result r = {0};
  r.status = EX_RUNNING;
  isa_cpu cpu = {.reg = x->reg, .mem = x->m, .load = mem_isa_load, .store = mem_isa_store, .fast = mem_fast(x->m)};
  uint64_t *R = x->reg;
  const unsigned pcreg = d->pc;
  /* the options in locals: the handlers are opaque calls, after which the
   * compiler would otherwise reload every one of them */
  const bool record = o->record, stop_at_pc = o->stop_at_pc, stop_on_ae = o->stop_on_ae;
  const uint64_t stop_pc = o->stop_pc, max_steps = o->max_steps;
  FILE *const trace = o->trace;
  void (*const hook)(void *, ex_machine *, uint64_t, ex_kind) = o->hook;
  const bool plain_run = !record && !trace && !hook;
  const uint64_t *const xgen = x->xgen;
  while (r.status == EX_RUNNING) {
    uint64_t pc = R[pcreg];
    if (plain_run) {
      /* The common case: with nothing to record, trace or hook, the plain
       * steps run block by block in this loop, which keeps its state in
       * registers; anything else (an instruction that is not plain, a
       * fetch or decode failure, a stop) is left to the general step below.
       * Every step leaves PC at the next instruction, so after a block the
       * PC register says where to go on. */
      uint64_t steps = r.steps;
      const uint64_t limit = max_steps ? max_steps : UINT64_MAX;
      block *const bcache = x->bcache;
      for (;;) {
        if (steps >= limit) break;
        const block *b = bhit(bcache, xgen, pc);
        if (!b && !(b = bbuild(x, pc))) break;
        const bstep *s = b->s;
        uint32_t n = b->n;
        if (limit - steps < n) n = (uint32_t)(limit - steps);
        if (stop_at_pc)
          for (uint32_t i = 0; i < n; i++)
            if (s[i].insn.addr == stop_pc) n = i;
        if (!n) break; /* the general step stops the run */
        /* the first step runs the others itself (isa_next), cpu.chain
         * counting down (and complemented where a store ended it): n minus
         * what is left of it steps ran, the last of them failed if the
         * result is not OK */
        cpu.chain = (int32_t)n - 1;
        isa_step_result sr = s->fn(&cpu, &s->insn);
        const uint32_t i = n - (uint32_t)(cpu.chain < 0 ? ~cpu.chain : cpu.chain);
        cpu.chain = 0;
        if (sr != ISA_STEP_OK) {
          r.pc = s[i - 1].insn.addr;
          r.steps = steps + i;
          step_failed(&r, &cpu, sr);
          return r;
        }
        steps += i;
        pc = R[pcreg];
      }
      r.steps = steps;
    }
    r.pc = pc;
    if (stop_at_pc && pc == stop_pc) {
      r.status = EX_STOPPED_PC;
      break;
    }
    if (max_steps && r.steps >= max_steps) {
      r.status = EX_BUDGET;
      break;
    }
    const dentry *e = fetch(x, pc, &r);
    if (!e) break;
    const isa_insn *in = &e->insn;
    isa_flow flow = (isa_flow)e->flow;
    ex_kind kind = (ex_kind)e->kind;
    if (record) {
      if (x->ntrace == x->captrace) x->trace = xa_grow(x->trace, &x->captrace, x->ntrace + 1, sizeof *x->trace);
      ex_pos *p = &x->trace[x->ntrace++];
      p->pc = pc;
      p->kind = (uint8_t)kind;
      p->len = in->len;
      memcpy(p->bytes, e->bytes, in->len);
    }
    isa_step_result sr = e->fn(&cpu, in); /* on failure it leaves the registers alone */
    r.steps++;
    if (flow == ISA_FLOW_FALLTHROUGH && sr == ISA_STEP_OK && !trace && !hook) continue; /* the common case */
    /* A call or return rule that may not be taken (PowerPC's beqlr, bnel)
     * and went on to the next instruction was not a call or return. */
    if (kind != EX_INTERNAL && e->may_fall_through && sr == ISA_STEP_OK && R[pcreg] == e->next) {
      kind = EX_INTERNAL;
      if (record) x->trace[x->ntrace - 1].kind = (uint8_t)kind;
    }
    if (trace) trace_line(x, trace, in, e->bytes, kind);
    if (sr != ISA_STEP_OK) {
      step_failed(&r, &cpu, sr);
      break;
    }
    switch (kind == EX_INTERNAL && (flow == ISA_FLOW_CALL || flow == ISA_FLOW_ICALL || flow == ISA_FLOW_RETURN)
                ? ISA_FLOW_FALLTHROUGH
                : flow) {
    case ISA_FLOW_CALL:
    case ISA_FLOW_ICALL:
      if (x->nrstack == x->caprstack) x->rstack = xa_grow(x->rstack, &x->caprstack, x->nrstack + 1, sizeof *x->rstack);
      x->rstack[x->nrstack++] = e->next;
      break;
    case ISA_FLOW_RETURN:
      if (x->nrstack) {
        uint64_t want = x->rstack[--x->nrstack];
        if (want != R[pcreg] && !r.ae.found) {
          r.ae = (ex_ae){true, false, r.steps - 1, pc, want, R[pcreg]};
          if (stop_on_ae) r.status = EX_STOPPED_AE;
        }
      } else if (!r.ae.found) { /* Defn. 3 (i): a return needs a pending call */
        r.ae = (ex_ae){true, true, r.steps - 1, pc, 0, R[pcreg]};
        if (stop_on_ae) r.status = EX_STOPPED_AE;
      }
      break;
    case ISA_FLOW_SYSCALL:
      x->last_sysret = 0;
      if (record) x->trace[x->ntrace - 1].sysnr = d->syscall.number >= 0 ? R[d->syscall.number] : 0;
      r.status = do_syscall(x, o, &r);
      if (record) x->trace[x->ntrace - 1].sysret = x->last_sysret;
      break;
    case ISA_FLOW_HALT:
      r.status = EX_HALTED;
      break;
    default:
      break;
    }
    if (hook) hook(o->hook_ctx, x, r.steps - 1, kind);
  }
  return r;
}

mem_space *ex_mem(ex_machine *x) { return x->m; }

const uint64_t *ex_aux_stack(const ex_machine *x, size_t *depth) {
  *depth = x->nrstack;
  return x->rstack;
}

void ex_describe(const ex_machine *x, const ex_result *r, char *buf, size_t size) {
  (void)x;
  switch (r->status) {
  case EX_EXITED: snprintf(buf, size, "exited with status %d after %llu steps", r->exit_code, (unsigned long long)r->steps); break;
  case EX_HALTED: snprintf(buf, size, "halted at 0x%llx after %llu steps", (unsigned long long)r->pc, (unsigned long long)r->steps); break;
  case EX_FAULT:
    snprintf(buf, size, "memory fault at 0x%llx (%s, %s) by the instruction at 0x%llx", (unsigned long long)r->addr,
             r->fault_write ? "write" : "read or fetch", mem_fault_name(r->fault_kind), (unsigned long long)r->pc);
    break;
  case EX_TRAP: snprintf(buf, size, "trap at 0x%llx: %s", (unsigned long long)r->pc, r->trap_msg ? r->trap_msg : "?"); break;
  case EX_INVALID: snprintf(buf, size, "undecodable instruction bytes at 0x%llx", (unsigned long long)r->pc); break;
  case EX_UNSUPPORTED:
    snprintf(buf, size, "unsupported system call %llu at 0x%llx", (unsigned long long)r->addr, (unsigned long long)r->pc);
    break;
  case EX_BUDGET: snprintf(buf, size, "step budget of %llu instructions spent at 0x%llx", (unsigned long long)r->steps, (unsigned long long)r->pc); break;
  case EX_STOPPED_AE:
    if (r->ae.empty) {
      snprintf(buf, size, "AE violation: the return at 0x%llx (to 0x%llx) has no pending call", (unsigned long long)r->ae.ret_pc,
               (unsigned long long)r->ae.actual);
      break;
    }
    snprintf(buf, size, "AE violation: the return at 0x%llx went to 0x%llx, not to 0x%llx", (unsigned long long)r->ae.ret_pc,
             (unsigned long long)r->ae.actual, (unsigned long long)r->ae.expected);
    break;
  case EX_STOPPED_PC: snprintf(buf, size, "stopped at 0x%llx after %llu steps", (unsigned long long)r->pc, (unsigned long long)r->steps); break;
  default: snprintf(buf, size, "running"); break;
  }
}
