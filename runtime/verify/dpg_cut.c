/* dpg_cut.c — the proof by inductive invariants at loop heads (cutproof.h)
 * tried beside the search: the loop heads and their candidate atoms come
 * from the relational candidates (dpg_runs.c), the initial state and its
 * grounding from dpg_query.c. */
#include "dpg_impl.h"

#include <stdlib.h>

#include "xalloc.h"

/* Its time: each try at most CUT_TRY of the user's budget (CUT_TRY_MIN ..
 * CUT_TRY_MAX s), the first whatever the search's time so far, the later
 * ones while all of them stay under that and CUT_SHARE of the search's
 * time.  The first is the one that matters: it comes with the first
 * candidates, and later ones only add samples. */
#define CUT_SHARE 0.25
#define CUT_TRY 0.15
#define CUT_TRY_MIN 1.0
#define CUT_TRY_MAX 10.0
#define CUT_QUERY_MS 1000

void cut_note(dpg *g, uint64_t pc, const isa_term *fv, const uint64_t *fk, size_t nf, const isa_term *at, size_t n) {
  if (!g->an.cp || !nf) return; /* a head without one frame cannot be a cut point */
  cp_set_debug(g->an.cp, g->o.debug & DPG_DEBUG_DETAIL);
  if (cp_head(g->an.cp, pc, fv, fk, nf, at, n)) g->an.cp_version++;
}

static isa_term ground_cb(void *ctx, isa_term t, isa_term *facts) { return ground_split(ctx, t, facts); }

static bool holds_cb(void *ctx, uint64_t pc, isa_term atom) {
  const dpg *g = ctx;
  return cd_hist_holds(g->an.cd_hist, pc, atom);
}

sres cut_turn(dpg *g, dpg_result *r) {
  if (!g->an.cp || g->an.cp_version == g->an.cp_tried) return S_CONT;
  double now = elapsed(g), left = g->o.timeout_s > 0 ? g->o.timeout_s - now : 1e30;
  double budget = g->o.budget_s > 0 ? g->o.budget_s : g->o.timeout_s;
  double cap = budget > 0 ? CUT_TRY * budget : CUT_TRY_MAX;
  if (cap < CUT_TRY_MIN) cap = CUT_TRY_MIN;
  if (cap > CUT_TRY_MAX) cap = CUT_TRY_MAX;
  double allow = cap + CUT_SHARE * now - g->an.cp_seconds;
  if (allow > cap) allow = cap;
  if (allow > left) allow = left;
  if (allow < 0.2) return S_CONT; /* its share is spent: later */
  g->an.cp_tried = g->an.cp_version;
  tm_ctx *tc = g->tc;
  size_t nv = tm_var_count(tc);
  isa_term *map = xa_calloc(nv + 1, sizeof *map);
  initial_map(g, map);
  cp_stats st;
  char why[300];
  int res = cp_prove(g->an.cp, map, nv, ground_cb, holds_cb, g, allow, CUT_QUERY_MS, &st, why, sizeof why);
  free(map);
  double spent = elapsed(g) - now;
  g->an.cp_seconds += spent;
  g->st.analysis_seconds += spent;
  if (g->o.debug & DPG_DEBUG_STEPS)
    fprintf(stderr, "proof over loop heads: %s (%zu heads, %zu paths, %zu atoms, %.3f s of %.3f s at %.3f s)%s%s\n",
            res == 1 ? "proven" : res < 0 ? "out of time" : "not proven", st.heads, st.segments, st.atoms, spent, allow, now,
            res == 1 ? "" : ": ", why);
  if (res != 1) return S_CONT;
  r->verdict = DPG_SAFE;
  snprintf(r->reason, sizeof r->reason,
           "invariants of %zu facts at %zu loop head%s are inductive and exclude every path to 0x%llx and to an AE "
           "violation (%zu paths between the entry and the loop heads)",
           st.atoms, st.heads, st.heads == 1 ? "" : "s", (unsigned long long)g->o.target, st.segments);
  return S_VERDICT;
}
