#include "rental/compare.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

namespace gpusizer {
namespace {

bool usable(const Option& o) { return o.fits && o.meets_goal && o.cost.has_value(); }
int rank(const Option& o) { return !o.fits ? 2 : !o.meets_goal ? 1 : 0; }
double amount(const Option& o) { return o.cost ? o.cost->amount : HUGE_VAL; }

}  // namespace

Ranking compare_options(std::vector<Option>& options) {
  Ranking r;
  std::stable_sort(options.begin(), options.end(), [](const Option& a, const Option& b) {
    if (rank(a) != rank(b)) return rank(a) < rank(b);
    if (amount(a) != amount(b)) return amount(a) < amount(b);
    if (a.run.wall_days != b.run.wall_days) return a.run.wall_days < b.run.wall_days;
    return a.offer->id < b.offer->id;
  });
  const Option* fastest = nullptr;
  std::vector<const Option*> candidates;
  for (const Option& o : options) {
    if (!usable(o)) continue;
    candidates.push_back(&o);
    if (!fastest || o.run.wall_days < fastest->run.wall_days ||
        (o.run.wall_days == fastest->run.wall_days && amount(o) < amount(*fastest)))
      fastest = &o;
  }
  if (!candidates.empty()) {
    r.cheapest = options.front().offer->id;  // sorted: the first usable one is the cheapest
    r.fastest = fastest->offer->id;
  }
  // Non-dominated: no other usable option is at least as cheap and as fast, and better in one.
  // By cost, then time: an option is dominated when a cheaper one is as fast, or one as cheap
  // is faster (n log n, not a comparison of every pair).
  std::vector<const Option*> by_cost = candidates;
  std::sort(by_cost.begin(), by_cost.end(), [](const Option* a, const Option* b) {
    return amount(*a) != amount(*b) ? amount(*a) < amount(*b) : a->run.wall_days < b->run.wall_days;
  });
  std::set<const Option*> dominated;
  double fastest_cheaper = HUGE_VAL;  // least days of the options strictly cheaper than this cost
  for (std::size_t i = 0; i < by_cost.size();) {
    std::size_t end = i;  // [i, end): one cost, fastest first
    while (end < by_cost.size() && amount(*by_cost[end]) == amount(*by_cost[i])) ++end;
    const double fastest_here = by_cost[i]->run.wall_days;
    for (std::size_t k = i; k < end; ++k) {
      const double days = by_cost[k]->run.wall_days;
      if (fastest_cheaper <= days || fastest_here < days) dominated.insert(by_cost[k]);
    }
    fastest_cheaper = std::min(fastest_cheaper, fastest_here);
    i = end;
  }
  std::vector<const Option*> frontier;
  for (const Option* o : candidates)
    if (!dominated.count(o)) frontier.push_back(o);
  std::stable_sort(frontier.begin(), frontier.end(), [](const Option* a, const Option* b) {
    return a->run.wall_days != b->run.wall_days ? a->run.wall_days < b->run.wall_days : amount(*a) < amount(*b);
  });
  for (const Option* o : frontier) r.frontier.push_back(o->offer->id);
  return r;
}

Choices choices_within(const std::vector<Option>& options) {
  const Option* cheapest = nullptr;
  const Option* fastest = nullptr;
  for (const Option& o : options) {
    if (!usable(o) || o.outside) continue;
    if (!cheapest || amount(o) < amount(*cheapest) ||
        (amount(o) == amount(*cheapest) && o.run.wall_days < cheapest->run.wall_days))
      cheapest = &o;
    if (!fastest || o.run.wall_days < fastest->run.wall_days ||
        (o.run.wall_days == fastest->run.wall_days && amount(o) < amount(*fastest)))
      fastest = &o;
  }
  Choices c;
  if (cheapest) c.cheapest = cheapest->offer->id;
  if (fastest) c.fastest = fastest->offer->id;
  return c;
}

}  // namespace gpusizer
