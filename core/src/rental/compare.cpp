#include "rental/compare.hpp"

#include <algorithm>
#include <cmath>

namespace gpusizer {
namespace {

bool usable(const Option& o) { return o.fits && o.meets_goal && o.cost.has_value(); }
int rank(const Option& o) { return !o.fits ? 2 : !o.meets_goal ? 1 : 0; }
double amount(const Option& o) { return o.cost ? o.cost->amount : HUGE_VAL; }

}  // namespace

void compare_options(Result& r) {
  std::stable_sort(r.options.begin(), r.options.end(), [](const Option& a, const Option& b) {
    if (rank(a) != rank(b)) return rank(a) < rank(b);
    if (amount(a) != amount(b)) return amount(a) < amount(b);
    if (a.run.wall_days != b.run.wall_days) return a.run.wall_days < b.run.wall_days;
    return a.offer->id < b.offer->id;
  });
  const Option* fastest = nullptr;
  std::vector<const Option*> candidates;
  for (const Option& o : r.options) {
    if (!usable(o)) continue;
    candidates.push_back(&o);
    if (!fastest || o.run.wall_days < fastest->run.wall_days ||
        (o.run.wall_days == fastest->run.wall_days && amount(o) < amount(*fastest)))
      fastest = &o;
  }
  if (!candidates.empty()) {
    r.cheapest = r.options.front().offer->id;  // sorted: the first usable one is the cheapest
    r.fastest = fastest->offer->id;
  }
  // Non-dominated: no other usable option is at least as cheap and as fast, and better in one.
  std::vector<const Option*> frontier;
  for (const Option* o : candidates) {
    bool dominated = false;
    for (const Option* other : candidates) {
      if (other == o) continue;
      const bool no_worse = amount(*other) <= amount(*o) && other->run.wall_days <= o->run.wall_days;
      const bool better = amount(*other) < amount(*o) || other->run.wall_days < o->run.wall_days;
      if (no_worse && better) {
        dominated = true;
        break;
      }
    }
    if (!dominated) frontier.push_back(o);
  }
  std::stable_sort(frontier.begin(), frontier.end(), [](const Option* a, const Option* b) {
    return a->run.wall_days != b->run.wall_days ? a->run.wall_days < b->run.wall_days : amount(*a) < amount(*b);
  });
  r.frontier.clear();
  for (const Option* o : frontier) r.frontier.push_back(o->offer->id);
}

}  // namespace gpusizer
