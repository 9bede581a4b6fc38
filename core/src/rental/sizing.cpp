#include "rental/sizing.hpp"

#include <algorithm>
#include <cmath>

namespace gpusizer {
namespace {

double cost_of(RunTimer& timer, const Offer& offer, const Cluster& c, const Money& money, const BillNeeds& needs, long units) {
  const TrainingRun run = timer.train_on(c, static_cast<int>(units * offer.gpus_per_unit), false);
  if (!run.fits() || run.wall_days <= 0) return HUGE_VAL;
  const auto cost = price_run(offer, static_cast<int>(units), run.wall_days * 24, money, needs);
  return cost ? cost->amount : HUGE_VAL;
}

// The units `units` needs: as many as its layout uses. The planner leaves idle the GPUs it
// cannot use to go faster; that layout also runs on fewer units, just as fast (and never
// faster: time does not rise with GPUs), so those idle units are not worth renting. (With
// the request's MFU every GPU counts at that MFU: none is idle.)
long units_used(RunTimer& timer, const Cluster& c, int unit, long min_units, long units) {
  const TrainingRun run = timer.train_on(c, static_cast<int>(units * unit), false);
  if (!run.fits() || run.mfu_source == "request") return units;
  return std::clamp<long>((run.plan.gpus_used + unit - 1) / unit, min_units, units);
}

}  // namespace

// The fewest units (of `unit` GPUs, between min_units and max_units) that finish within
// `days`. Time never rises with the units, so: step up from the fewest that fit until a
// count meets the deadline (secant steps on log time against log units reach it in two or
// three plans), then narrow the bracket between the last miss and that hit, which finds the boundary
// exactly however far the step overshot. When more units stop paying off (a slow network,
// a batch too small for more GPUs), the fastest count tried, less the units it leaves idle.
// Every probe at a new count is a planner search, so what the same hardware's plans already
// tell (other offers of its machines, in other units) narrows the bracket first.
Sizing units_for_days(RunTimer& timer, const Cluster& c, int unit, long min_units, long max_units, double days) {
  if (min_units > max_units) return {max_units, false};
  auto days_at = [&](long units) { return timer.days_on(c, static_cast<int>(units * unit)); };
  // A probe: a count that a layout of the counts planned already brings within the deadline
  // (RunTimer::days_at_most) is a hit without a search of its own.
  auto probe = [&](long units) {
    const double at_most = timer.days_at_most(c, static_cast<int>(units * unit));
    return at_most <= days ? at_most : days_at(units);
  };
  long lo = min_units - 1;  // below the fewest that fit: a miss
  long hi = min_units;
  double t = HUGE_VAL, t_lo = HUGE_VAL;
  const RunTimer::Known known = timer.known_for_days(c, days);
  const long known_hit = known.hit > 0 ? (known.hit + unit - 1) / unit : 0;  // meets the deadline
  if (known_hit > 0 && known_hit <= min_units) return {min_units, true};
  if (known_hit > 0 && known_hit <= max_units) {
    // Straight to the bracket: its ends' days bound those of its whole units (guesses only).
    hi = known_hit;
    t = known.hit_days;
    if (known.miss / unit > lo) {
      lo = known.miss / unit;
      t_lo = known.miss_days;
    }
  } else {
    long fastest = hi;
    t = days_at(hi);
    int stalls = 0;
    while (!(t <= days)) {
      if (hi >= max_units || stalls >= 3) return {units_used(timer, c, unit, min_units, fastest), false};
      const double current = static_cast<double>(hi);
      // Time falls as N^-a: a = 1 at first, then as measured over the last step (at least 1/4,
      // below which a step counts as a stall anyway).
      double a = 1;
      if (lo >= min_units && std::isfinite(t) && t < t_lo)
        a = std::clamp(std::log(t_lo / t) / std::log(current / static_cast<double>(lo)), 0.25, 1.0);
      double guess = std::isfinite(t) ? std::ceil(current * std::pow(t / days, 1 / a) * 1.02) : 2.0 * current;
      if (stalls > 0) guess = std::max(guess, 2.0 * current);  // poor returns: look further
      // At most 8x a step: an extrapolation within an order of magnitude. (4x took one or two
      // more searches on each offer of a job of thousands of GPUs, where the fewest that fit
      // are 50-100x too few.)
      const long next = std::min(max_units, std::max(hi + 1, static_cast<long>(std::min(guess, 8.0 * current + 8))));
      const double next_t = probe(next);
      // A stall: the step bought less than a quarter of the speed-up its units would give if
      // time fell as 1/N.
      const bool helped = std::isfinite(t) ? (t / next_t - 1) > 0.25 * (static_cast<double>(next) / current - 1)
                                           : std::isfinite(next_t);
      stalls = helped ? 0 : stalls + 1;
      if (next_t < t) fastest = next;
      lo = hi;
      t_lo = t;
      hi = next;
      t = next_t;
    }
  }
  // The boundary lies in (lo, hi]. Any order of probes finds it, time never rising with the
  // units, but a probe that misses is a search, while one that hits often is not: a count that
  // a layout planned already brings within the deadline (RunTimer::days_at_most) costs none.
  // So: go down to the least count such layouts reach (a hit's layout starts at its first
  // `used` GPUs; then bisection on days_at_most alone), then search just below it. The
  // deadline is most often crossed right there, where a faster layout first fits (time falls
  // in steps), and one search settles the boundary. When that search hits instead, the next is
  // a guess (log time against log units through the bracket's ends) or the bracket's middle,
  // bisecting after a guess that failed to halve the bracket, and the two kinds take turns, so
  // that the bracket still at least halves every other search.
  bool bisect = !std::isfinite(t_lo);
  bool just_below = true;  // the next search: just below hi
  while (hi - lo > 1) {
    const int used = timer.known_gpus_used(c, static_cast<int>(hi * unit));
    const long layout_start = used > 0 ? (used + unit - 1) / unit : hi;
    long mid = layout_start;
    bool search = false;
    if (!(layout_start > lo && layout_start < hi)) {
      long a = lo, b = hi;  // the least count in (lo, hi) days_at_most brings within the deadline
      double t_b = t;
      while (b - a > 1) {
        const long m = a + (b - a) / 2;
        const double at_most = timer.days_at_most(c, static_cast<int>(m * unit));
        if (at_most <= days) {
          b = m;
          t_b = at_most;
        } else {
          a = m;
        }
      }
      if (b < hi) {  // a hit without a search
        hi = b;
        t = t_b;
        continue;
      }
      search = true;
      mid = lo + (hi - lo) / 2;
      if (just_below) {
        mid = hi - 1;
      } else if (!bisect && t_lo > t && t > 0) {
        const double a_exp = std::log(t_lo / t) / std::log(static_cast<double>(hi) / static_cast<double>(lo));
        mid = std::clamp(static_cast<long>(std::ceil(static_cast<double>(lo) * std::pow(t_lo / days, 1 / a_exp))), lo + 1,
                         hi - 1);
      }
    }
    const long before = hi - lo;
    const double t_mid = probe(mid);
    if (t_mid <= days) {
      hi = mid;
      t = t_mid;
    } else {
      lo = mid;
      t_lo = t_mid;
    }
    if (search) {
      if (!just_below) bisect = !bisect && 2 * (hi - lo) > before;
      just_below = !just_below;
    }
  }
  return {hi, true};
}

bool more_gpus_pay(double from, double days_from, double to, double days_to) {
  if (!(to > from) || !std::isfinite(days_from) || !std::isfinite(days_to)) return false;
  return (days_from - days_to) * 24 >= kPaysMinHours && days_to <= days_from * std::pow(from / to, kPaysSpeedupExponent);
}

// More units finish sooner at roughly the same GPU-hours, until billing granularity,
// scaling losses or the network make them dearer: double while within budget and while they
// pay (more_gpus_pay), then bisect for the last count that does, less the units it leaves idle.
long fastest_within_budget(RunTimer& timer, const Offer& offer, const Cluster& c, long min_units, long max_units,
                           double budget, const Money& money, const BillNeeds& needs) {
  if (min_units > max_units) return max_units;
  const int unit = offer.gpus_per_unit;
  if (cost_of(timer, offer, c, money, needs, min_units) > budget) return min_units;
  long good = min_units;
  double good_days = timer.days_on(c, static_cast<int>(good * unit));
  long bad = 0;
  while (good < max_units) {
    const long next = std::min(max_units, good * 2);
    const double next_days = timer.days_on(c, static_cast<int>(next * unit));
    if (cost_of(timer, offer, c, money, needs, next) > budget || !more_gpus_pay(static_cast<double>(good * unit), good_days, static_cast<double>(next * unit), next_days)) {
      bad = next;
      break;
    }
    good = next;
    good_days = next_days;
  }
  while (bad > good + 1) {
    const long mid = good + (bad - good) / 2;
    const double mid_days = timer.days_on(c, static_cast<int>(mid * unit));
    if (cost_of(timer, offer, c, money, needs, mid) <= budget && more_gpus_pay(static_cast<double>(good * unit), good_days, static_cast<double>(mid * unit), mid_days)) {
      good = mid;
      good_days = mid_days;
    } else {
      bad = mid;
    }
  }
  return units_used(timer, c, unit, min_units, good);
}

}  // namespace gpusizer
