/* uc_engine.c — see uc_engine.h. */
#include "uc_engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t wmask(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

static int find_name(const char *name, const void *table, size_t stride, unsigned n) {
  for (unsigned k = 0; k < n; k++)
    if (!strcmp(*(const char *const *)((const char *)table + k * stride), name)) return (int)k;
  return -1;
}

/* Every descriptor register must be mapped exactly once; every mapping must
 * name a descriptor register; every field must live in a word. */
bool ue_bind(ue_map *c, const isa_desc *d, const uc_isa *u) {
  c->d = d;
  c->u = u;
  c->reg_uc = calloc(d->nregs ? d->nregs : 1, sizeof *c->reg_uc);
  c->field_ix = calloc(d->nregs ? d->nregs : 1, sizeof *c->field_ix);
  c->pinned_ix = calloc(d->nregs ? d->nregs : 1, sizeof *c->pinned_ix);
  if (!c->reg_uc || !c->field_ix || !c->pinned_ix) {
    fprintf(stderr, "out of memory\n");
    exit(3);
  }
  bool ok = true;
  if (u->nfields > 64) {
    fprintf(stderr, "%s: more than 64 fields in the unicorn mapping\n", u->name);
    ok = false;
  }
  for (unsigned i = 0; i < d->nregs; i++) {
    const char *name = d->regs[i].name;
    int r = find_name(name, u->regs, sizeof *u->regs, u->nregs);
    c->reg_uc[i] = r >= 0 ? u->regs[r].uc_reg : -1;
    c->field_ix[i] = find_name(name, u->fields, sizeof *u->fields, u->nfields);
    c->pinned_ix[i] = find_name(name, u->pinned, sizeof *u->pinned, u->npinned);
    if ((r >= 0) + (c->field_ix[i] >= 0) + (c->pinned_ix[i] >= 0) != 1) {
      fprintf(stderr, "%s: register %s must be mapped exactly once (uc_reg_map, uc_field_map or uc_pinned)\n",
              u->name, name);
      ok = false;
    }
    if (c->field_ix[i] >= 0 && u->fields[c->field_ix[i]].lo + d->regs[i].width > 64) {
      fprintf(stderr, "%s: field %s does not fit in 64 bits\n", u->name, name);
      ok = false;
    }
  }
  for (unsigned k = 0; k < u->nfields; k++) {
    bool word = false;
    for (unsigned w = 0; w < u->nwords; w++) word |= u->words[w].uc_reg == u->fields[k].uc_reg;
    if (!word) {
      fprintf(stderr, "%s: field %s lives in no uc_word\n", u->name, u->fields[k].name);
      ok = false;
    }
  }
  const struct {
    const void *table;
    size_t stride;
    unsigned n;
  } lists[] = {{u->regs, sizeof *u->regs, u->nregs},
               {u->fields, sizeof *u->fields, u->nfields},
               {u->pinned, sizeof *u->pinned, u->npinned}};
  for (size_t l = 0; l < sizeof lists / sizeof *lists; l++)
    for (unsigned k = 0; k < lists[l].n; k++) {
      const char *name = *(const char *const *)((const char *)lists[l].table + k * lists[l].stride);
      bool found = false;
      for (unsigned i = 0; i < d->nregs; i++) found |= !strcmp(name, d->regs[i].name);
      if (!found) {
        fprintf(stderr, "%s: %s is not a register of the descriptor\n", u->name, name);
        ok = false;
      }
    }
  return ok;
}

void ue_unbind(ue_map *b) {
  free(b->reg_uc);
  free(b->field_ix);
  free(b->pinned_ix);
  b->reg_uc = b->field_ix = b->pinned_ix = NULL;
}

static const uc_word *code_word(const uc_isa *u);
static void on_code(uc_engine *uc, uint64_t addr, uint32_t size, void *user);

static void on_intr(uc_engine *uc, uint32_t intno, void *user) {
  ue_engine *g = user;
  if (g->intr < 0) g->intr = (int)intno;
  uc_emu_stop(uc);
}

int ue_open(ue_engine *g, const uc_isa *u, um_mem *m, bool record_writes) {
  memset(g, 0, sizeof *g);
  uc_err e = uc_open(u->arch, (uc_mode)u->mode, &g->uc);
  if (e != UC_ERR_OK) {
    g->uc = NULL;
    fprintf(stderr, "%s: unicorn cannot open this architecture: %s\n", u->name, uc_strerror(e));
    return 77;
  }
  uc_hook h;
  if (!um_uc_init(&g->mem, g->uc, m, record_writes) ||
      uc_hook_add(g->uc, &h, UC_HOOK_INTR, (void *)on_intr, g, 1, 0) != UC_ERR_OK ||
      (code_word(u) && uc_hook_add(g->uc, &h, UC_HOOK_CODE, (void *)on_code, g, 1, 0) != UC_ERR_OK) ||
      uc_context_alloc(g->uc, &g->fresh) != UC_ERR_OK || uc_context_save(g->uc, g->fresh) != UC_ERR_OK) {
    fprintf(stderr, "%s: cannot set up unicorn\n", u->name);
    return 1;
  }
  return 0;
}

void ue_close(ue_engine *g) {
  if (g->fresh) uc_context_free(g->fresh);
  if (g->uc) uc_close(g->uc);
  um_uc_fini(&g->mem);
  g->fresh = NULL;
  g->uc = NULL;
}

/* The word with code (uc_word.put_code/get_code), or NULL. */
static const uc_word *code_word(const uc_isa *u) {
  for (unsigned w = 0; w < u->nwords; w++)
    if (u->words[w].put_code || u->words[w].get_code) return &u->words[w];
  return NULL;
}

unsigned ue_frame(const ue_map *c, uint64_t page, uint64_t pc, const uint8_t *insn, unsigned len, uint8_t *out,
                  uint64_t *start) {
  const uc_word *w = code_word(c->u);
  unsigned n = 0;
  *start = pc;
  if (w && w->put_code && pc % page >= w->put_len) {
    memcpy(out, w->put_code, w->put_len);
    n = w->put_len;
    *start = pc - w->put_len;
  }
  memcpy(out + n, insn, len);
  n += len;
  if (w && w->get_code && (pc + len - 1) / page == (pc + len + w->get_len - 1) / page) {
    memcpy(out + n, w->get_code, w->get_len);
    n += w->get_len;
  }
  return n;
}

/* One instruction `code` run on its own, in place at pc (whose page is
 * mapped), the bytes there put back afterwards. */
static bool run_in_place(ue_engine *g, uint64_t pc, const uint8_t *code, unsigned len) {
  uc_engine *uc = g->uc;
  uint8_t save[32];
  if (!len || len > sizeof save || uc_mem_read(uc, pc, save, len) != UC_ERR_OK) return false;
  int intr = g->intr;
  g->intr = -1;
  bool ok = uc_mem_write(uc, pc, code, len) == UC_ERR_OK;
  uc_ctl_remove_cache(uc, pc, pc + len);
  ok = ok && uc_emu_start(uc, pc, pc + len, 0, 1) == UC_ERR_OK && g->intr < 0;
  g->intr = intr;
  ok &= uc_mem_write(uc, pc, save, len) == UC_ERR_OK;
  uc_ctl_remove_cache(uc, pc, pc + len);
  return ok;
}

/* The mapped registers and the words without code. */
static bool put_regs(const ue_map *c, uc_engine *uc, const uint64_t *pre, uint64_t *code_value) {
  const isa_desc *d = c->d;
  const uc_isa *u = c->u;
  bool ok = true;
  for (unsigned i = 0; i < d->nregs; i++)
    if (c->reg_uc[i] >= 0) {
      uint64_t v = pre[i];
      ok &= uc_reg_write(uc, c->reg_uc[i], &v) == UC_ERR_OK;
    }
  for (unsigned w = 0; w < u->nwords; w++) {
    uint64_t v = u->words[w].fixed;
    for (unsigned i = 0; i < d->nregs; i++) {
      int k = c->field_ix[i];
      if (k >= 0 && u->fields[k].uc_reg == u->words[w].uc_reg) v |= pre[i] << u->fields[k].lo;
    }
    if (u->words[w].put_code) *code_value = v;
    else ok &= uc_reg_write(uc, u->words[w].uc_reg, &v) == UC_ERR_OK;
  }
  if (u->put_state) ok &= u->put_state(uc, d, pre);
  return ok;
}

/* The mapped registers, and the words: `code_value` is the word with code. */
static bool get_regs(const ue_map *c, uc_engine *uc, uint64_t *post, uint64_t code_value) {
  const isa_desc *d = c->d;
  const uc_isa *u = c->u;
  bool ok = true;
  for (unsigned i = 0; i < d->nregs; i++)
    if (c->reg_uc[i] >= 0) {
      uint64_t v = 0; /* unicorn writes as many bytes as the register has */
      ok &= uc_reg_read(uc, c->reg_uc[i], &v) == UC_ERR_OK;
      post[i] = v & wmask(d->regs[i].width);
    }
  for (unsigned w = 0; w < u->nwords; w++) {
    uint64_t v = code_value;
    if (!u->words[w].get_code) ok &= uc_reg_read(uc, u->words[w].uc_reg, &v) == UC_ERR_OK;
    for (unsigned i = 0; i < d->nregs; i++) {
      int k = c->field_ix[i];
      if (k >= 0 && u->fields[k].uc_reg == u->words[w].uc_reg)
        post[i] = (v >> u->fields[k].lo) & wmask(d->regs[i].width);
    }
  }
  return ok;
}

/* The fields of word w from its value v. */
static void set_word(const ue_map *c, const uc_word *w, uint64_t *post, uint64_t v) {
  const isa_desc *d = c->d;
  for (unsigned i = 0; i < d->nregs; i++) {
    int k = c->field_ix[i];
    if (k >= 0 && c->u->fields[k].uc_reg == w->uc_reg) post[i] = (v >> c->u->fields[k].lo) & wmask(d->regs[i].width);
  }
}

/* The code hook of an engine whose ISA has a word with code: at the step's
 * instruction, put `via` back; at the get code after it, read the registers
 * (the get code then runs); anywhere else after the step (unicorn did not
 * fall through), read the registers and stop. */
static void on_code(uc_engine *uc, uint64_t addr, uint32_t size, void *user) {
  (void)size;
  ue_engine *g = user;
  ue_fuse *f = &g->fuse;
  if (!f->active) return;
  if (addr == f->pc && !f->at_insn) {
    f->at_insn = true;
    if (f->restore_via) f->ok &= uc_reg_write(uc, f->via, &f->via_value) == UC_ERR_OK;
  } else if (f->at_insn && !f->snapped) {
    f->snapped = true;
    f->ok &= get_regs(f->map, uc, f->post, 0);
    if (addr != f->get_at) {
      f->strayed = true;
      uc_emu_stop(uc);
    }
  }
}

/* Executes the case's instruction for exactly one step (count = 1: one
 * iteration of a repeated string instruction).  `until` ends unicorn's
 * translation block where the step should end, so it does not translate the
 * bytes that follow. */
ue_outcome ue_step(ue_engine *eng, const ue_map *c, const uint64_t *pre, uint64_t pc, unsigned len, uint64_t until,
                   bool falls_through, uint64_t *post) {
  ue_outcome g = {0};
  um_uc *mem = &eng->mem;
  uc_engine *uc = eng->uc;
  const uc_word *w = code_word(c->u);
  uint64_t page = mem->m->page;
  memcpy(post, pre, sizeof *pre * c->d->nregs); /* pinned registers keep their values */
  /* A fresh CPU for every case: unicorn never completes the delivery of an
   * exception, so its "exception in flight" would turn the next #DE into a
   * double fault (vector 8) and the one after into a triple fault. */
  if (uc_context_restore(uc, eng->fresh) != UC_ERR_OK) mem->error = "uc_context_restore failed";
  if (!um_uc_map_page(mem, pc) || !um_uc_map_page(mem, pc + len - 1)) {
    g.kind = UE_OTHER;
    return g;
  }
  uint64_t value = 0;
  if (!put_regs(c, uc, pre, &value)) mem->error = "uc_reg_write failed";
  /* the word with code: where its code runs (ue_frame put it there) */
  ue_fuse *f = &eng->fuse;
  *f = (ue_fuse){.map = c, .post = post, .pc = pc, .ok = true};
  uint64_t begin = pc, count = 1;
  if (w && w->put_code) {
    uint64_t via = 0;
    bool ok = uc_reg_read(uc, w->via, &via) == UC_ERR_OK && uc_reg_write(uc, w->via, &value) == UC_ERR_OK;
    if (pc % page >= w->put_len) { /* just before the step */
      begin = pc - w->put_len;
      count++;
      f->restore_via = true;
      f->via = w->via;
      f->via_value = via;
    } else {
      ok = ok && run_in_place(eng, pc, w->put_code, w->put_len) && uc_reg_write(uc, w->via, &via) == UC_ERR_OK;
    }
    if (!ok && !mem->error) mem->error = "setting a register through code failed";
  }
  bool fuse_get = w && w->get_code && falls_through && until == pc + len &&
                  (pc + len - 1) / page == (pc + len + w->get_len - 1) / page;
  if (fuse_get) {
    f->get_at = pc + len;
    until = pc + len + w->get_len;
    count++;
  }
  f->active = w != NULL;
  eng->intr = -1;
  uc_err e = uc_emu_start(uc, begin, until, 0, count);
  f->active = false;
  /* The last iteration of a repeated string instruction: ours falls through,
   * but qemu (without its repz optimisation, i.e. whenever it is not
   * single-stepping) ends the iteration by jumping back to the instruction,
   * whose next execution sees the count register at 0 and only moves on, and
   * unicorn's instruction count stops before that.  Architecturally the
   * instruction has completed, so let unicorn make that move; the whole state
   * is still compared after it, so an iteration ours skipped would show. */
  int pc_uc = c->reg_uc[c->d->pc];
  uint64_t at = 0;
  if (e == UC_ERR_OK && eng->intr < 0 && falls_through && !fuse_get && !f->restore_via && pc_uc >= 0 &&
      uc_reg_read(uc, pc_uc, &at) == UC_ERR_OK && at == pc)
    e = uc_emu_start(uc, pc, until, 0, 1);
  if (w && !f->at_insn && !mem->error && e == UC_ERR_OK && eng->intr < 0) mem->error = "the step's code hook did not run";
  if (!f->ok && !mem->error) mem->error = "uc_reg_read/uc_reg_write in the code hook failed";
  if (fuse_get && f->snapped && !f->strayed && e == UC_ERR_OK && eng->intr < 0) {
    /* the hook read the registers before the get code, which left the word in `via` */
    uint64_t v = 0;
    if (uc_reg_read(uc, w->via, &v) != UC_ERR_OK && !mem->error) mem->error = "uc_reg_read failed";
    set_word(c, w, post, v);
  } else {
    if (!get_regs(c, uc, post, 0) && !mem->error) mem->error = "uc_reg_read failed";
    uint64_t v = 0;
    if (w && w->get_code) { /* on its own, in place (the registers are read) */
      bool ok = run_in_place(eng, pc, w->get_code, w->get_len) && uc_reg_read(uc, w->via, &v) == UC_ERR_OK;
      if (!ok && !mem->error) mem->error = "reading a register through code failed";
      set_word(c, w, post, v);
    }
  }
  if ((e == UC_ERR_READ_UNMAPPED || e == UC_ERR_WRITE_UNMAPPED) && mem->fault.valid) {
    g.kind = UE_FAULT;
    g.acc = mem->fault;
  } else if (eng->intr >= 0) {
    g.kind = UE_INTR;
    g.vector = eng->intr;
  } else if (e == UC_ERR_INSN_INVALID) {
    g.kind = UE_INVALID;
  } else if (e == UC_ERR_OK) {
    g.kind = UE_NORMAL;
  } else {
    g.kind = UE_OTHER;
    g.err = e;
  }
  uc_ctl_remove_cache(uc, begin, until > pc + len ? until : pc + len);
  return g;
}
