// Candidate layouts: the (tp, pp, ep, micro-batch) groups of a search, each with its bound,
// and the families of a group (interleaving, recomputation, ZeRO) that might beat the best so far.
#include <algorithm>
#include <numeric>

#include "training/planner_search.hpp"

namespace gpusizer::planner {

// The (tp, pp, ep, micro-batch) groups of the layouts on n GPUs, each with its bound: into
// groups_, and their entries into queue_ in the same order (search() sorts them).
void Search::add_groups(int n) {
  const int node = c_.gpus_per_node;
  for (int tp = 1; tp <= n && tp <= node; tp *= 2) {
    if (!m_.tensor_parallel_ok(tp) || (r_.all_gpus && n % tp != 0)) continue;
    for (int pp = 1; pp <= layers_ && tp * pp <= n; ++pp) {
      if (!pipeline_degree(pp, n / tp)) continue;
      const int dp_max = n / (tp * pp);
      // Widths above the GPUs of the plan on fewer (PlanRequest::fewer) only.
      const int bottom = r_.all_gpus ? dp_max : above_ / (tp * pp) + 1;
      // What this (tp, pp)'s groups share whatever their expert parallelism (there are up to
      // 13 of it): by micro-batch, the top width and its per-sequence and per-step factors;
      // the bubble and the share of v = 1 for the group bounds (add_group()).
      Shared shared;
      int most_v = 0;  // the most interleaving
      while (most_v < 3 && interleave_ok(pp, most_v + 1)) ++most_v;
      shared.share = layers_share(pp, 0);
      shared.bubble = bubble_of(pp, most_v);
      for (int k = 0; k < 4; ++k) {
        const int mb = 1 << k;
        shared.widths[k] = width_at(tp * pp, mb, std::min(dp_max, global_batch_ / mb));
      }
      for (int ep = 1; ep == 1 || (m_.is_moe() && ep <= m_.experts); ep *= 2) {
        if (ep > 1 && m_.experts % ep != 0) continue;
        int rates = -1;  // this (tp, pp, ep)'s Rates, made by its first group
        for (int mb = 1; mb <= 8; mb *= 2) {
          const Width& width = shared.widths[log2(mb)];
          const int top = width.dp;
          if (top < 1 || (r_.all_gpus && top < dp_max)) break;
          batch_limited_ = false;
          // tp x dp ranks hold whole expert groups (descend()): no width of them up to top.
          const int step = ep / std::gcd(ep, tp);
          if (top / step * step < bottom) continue;
          add_group(tp, pp, ep, mb, width, bottom, shared, rates);
        }
      }
    }
  }
}

// Pipeline degrees, the same for every GPU count (so a count sees every layout of a
// smaller one): 1-8, the divisors of the layers up to 16, powers of two (Llama 3 405B
// trained with 16 stages of 126 layers). all_gpus: the degrees that divide the GPUs, as
// published runs chose them.
bool Search::pipeline_degree(int pp, int gpus_per_stage) const {
  if (r_.all_gpus) return gpus_per_stage % pp == 0;
  return pp <= 8 || (pp <= 16 && layers_ % pp == 0) || (pp & (pp - 1)) == 0;
}

// Whether the group's family i is a layout: its interleaving has a layer per chunk, its
// recomputation something to drop, its ZeRO-3 data parallelism.
bool Search::valid(const Group& g, int i) const {
  if (!interleave_ok(g.pp, i / 6)) return false;
  if (i / 2 % 3 == static_cast<int>(Recompute::selective) && t_.flash_attention) return false;  // nothing to drop
  return i % 2 == 0 || g.top >= 2;
}

// Width dp (0 per sequence and step below 1) of groups of tp x pp GPUs and micro-batch mb: the
// least run overhead up to its GPUs per sequence and per step (compute_floor).
Search::Width Search::width_at(int tp_pp, int mb, int dp) const {
  Width w;
  w.dp = dp;
  if (dp < 1) return w;
  const double ovh = overhead_.least_up_to(tp_pp * dp);
  w.per_seq = ovh / (static_cast<double>(dp) * mb);
  w.per_step = ovh / (global_batch_ + dp * mb / 2.0);
  return w;
}

inline void Search::add_group(int tp, int pp, int ep, int mb, const Width& width, int bottom,
                              const Shared& shared, int& rates) {
  Group g;
  g.tp = tp;
  g.pp = pp;
  g.ep = ep;
  g.mb = mb;
  g.top = width.dp;
  g.bottom = bottom;
  g.multi_node = 2 * std::max(1, c_.gpus_per_node / tp) * std::max(1, ep / tp);
  g.work_key = (degree(tp, ep) * 4 + log2(mb)) * 6;
  g.top_seq = width.per_seq;
  g.top_step = width.per_step;
  const Width narrow = width_at(tp * pp, mb, g.multi_node - 1);
  g.narrow_seq = narrow.per_seq;
  g.narrow_step = narrow.per_step;
  // Least over the families: no recomputation (which only adds work), a stage's fewest
  // layers (v = 1) with the smallest bubble (the most interleaving), ZeRO-1 or 3.
  const double share = shared.share, bubble = shared.bubble;
  if (rates < 0) {  // bottom and multi_node are the same for every micro-batch
    rates = static_cast<int>(rates_.size());
    GroupRates r;
    if (g.bottom > g.multi_node) r.rates = rates_over(g, g.bottom);
    rates_.push_back(r);
  }
  g.rates = rates;
  const PlanCache::Traffic tr = v1_traffic(g);
  const Sends sends = sends_of(g, 0);  // v = 1 sends the least
  double least = family_bound(g, 0, share, bubble, tr, sends);
  if (valid(g, 1)) least = std::min(least, family_bound(g, 1, share, bubble, tr, sends));
  groups_.push_back(g);
  queue_.push_back({least, static_cast<int>(groups_.size()) - 1, -1});
}

// The group's families that might beat the best so far, least bound first.
void Search::expand(int group) {
  Group& g = groups_[group];
  const double limit = cut();
  g.first = static_cast<int>(families_.size());
  MemoryFloor floor;
  if (!may_fit(g, floor)) return;
  const Rates rates = rates_[g.rates].rates;
  // valid(), its terms taken out of the loops.
  const bool selective = !t_.flash_attention, zero3 = g.top >= 2;
  const double least = least_.memory.total_bytes();
  for (int k = 0; k < 4; ++k) {  // v = 2^k, whose share, bubble and traffic the family bounds share
    if (!interleave_ok(g.pp, k)) break;  // no more interleaving either
    const PlanCache::Traffic tr = k == 0 ? v1_traffic(g) : traffic_of(g, k, rates);
    const double share = layers_share(g.pp, k), bubble = bubble_of(g.pp, k);
    const Sends sends = sends_of(g, k);
    for (int i = k * 6; i < k * 6 + 6; ++i) {
      if ((i / 2 % 3 == static_cast<int>(Recompute::selective) && !selective) || (i % 2 && !zero3)) continue;
      if (!floor.may_fit(i, usable_, least)) continue;
      const double bound = family_bound(g, i, share, bubble, tr, sends);
      if (bound < limit) families_.emplace_back(bound, i);
    }
  }
  g.families = static_cast<int>(families_.size()) - g.first;
  std::sort(families_.begin() + g.first, families_.end());
}

}  // namespace gpusizer::planner
