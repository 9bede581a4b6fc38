#include "rental/sizing.hpp"

#include <algorithm>
#include <cmath>

namespace gpusizer {
namespace {

double cost_of(RunTimer& timer, const Offer& offer, const Cluster& c, const Money& money, long units) {
  const TrainingRun run = timer.train_on(c, static_cast<int>(units * offer.gpus_per_unit), false);
  if (!run.fits() || run.wall_days <= 0) return HUGE_VAL;
  const auto cost = price_run(offer, static_cast<int>(units), run.wall_days * 24, money);
  return cost ? cost->amount : HUGE_VAL;
}

}  // namespace

// The fewest units (of `unit` GPUs, between min_units and max_units) that finish within
// `days`. Time falls roughly as 1/N, so secant steps reach a count that meets the deadline
// in two or three plans; bisection between the last miss and that hit then finds the
// boundary (the planner makes time nearly, not strictly, monotone). When time stops
// falling (a slow network, a batch too small for more GPUs), the fastest count seen.
Sizing units_for_days(RunTimer& timer, const Cluster& c, int unit, long min_units, long max_units, double days) {
  if (min_units > max_units) return {max_units, false};
  long fastest = min_units;
  double fastest_days = HUGE_VAL;
  auto days_at = [&](long units) {
    const double d = timer.days_on(c, static_cast<int>(units * unit));
    if (d < fastest_days) {
      fastest_days = d;
      fastest = units;
    }
    return d;
  };
  long lo = min_units - 1;  // below the fewest that fit: a miss
  long hi = min_units;
  double t = days_at(hi);
  int stalls = 0;
  while (!(t <= days)) {
    if (hi >= max_units || stalls >= 3) return {fastest, false};
    const double current = static_cast<double>(hi);
    const double guess = std::isfinite(t) ? std::ceil(current * t / days * 1.02) : 2.0 * current;
    lo = hi;
    hi = std::min(max_units, std::max(hi + 1, static_cast<long>(std::min(guess, 4.0 * current + 8))));
    const double before = fastest_days;
    t = days_at(hi);
    stalls = fastest_days < before * 0.98 ? 0 : stalls + 1;  // more GPUs no longer help
  }
  while (hi - lo > 1) {
    const long mid = lo + (hi - lo) / 2;
    (days_at(mid) <= days ? hi : lo) = mid;
  }
  return {hi, true};
}

// More units finish sooner at roughly the same GPU-hours, until billing granularity,
// scaling losses or the network make them dearer: double while within budget and faster,
// then bisect for the last count that is.
long fastest_within_budget(RunTimer& timer, const Offer& offer, const Cluster& c, long min_units, long max_units,
                         double budget, const Money& money) {
  if (min_units > max_units) return max_units;
  const int unit = offer.gpus_per_unit;
  if (cost_of(timer, offer, c, money, min_units) > budget) return min_units;
  long good = min_units;
  double good_days = timer.days_on(c, static_cast<int>(good * unit));
  long bad = 0;
  while (good < max_units) {
    const long next = std::min(max_units, good * 2);
    const double next_days = timer.days_on(c, static_cast<int>(next * unit));
    if (cost_of(timer, offer, c, money, next) > budget || !(next_days < good_days)) {
      bad = next;
      break;
    }
    good = next;
    good_days = next_days;
  }
  while (bad > good + 1) {
    const long mid = good + (bad - good) / 2;
    const double mid_days = timer.days_on(c, static_cast<int>(mid * unit));
    if (cost_of(timer, offer, c, money, mid) <= budget && mid_days < good_days) {
      good = mid;
      good_days = mid_days;
    } else {
      bad = mid;
    }
  }
  return good;
}

}  // namespace gpusizer
