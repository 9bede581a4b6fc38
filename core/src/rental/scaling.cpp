#include "rental/scaling.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "common/numbers.hpp"
#include "rental/sizing.hpp"

namespace gpusizer {

Scaling scaling_curve(RunTimer& timer, const Cluster& c, const Offer* offer, int unit, long min_units, long max_units,
                      long recommended_units, const Money& money, const BillNeeds& needs) {
  Scaling s;
  s.gpu = c.gpu->id;
  if (offer) s.offer_id = offer->id;
  s.unit_gpus = unit;
  if (min_units > max_units) return s;
  const long top = std::min(max_units, std::max(4 * std::max(recommended_units, min_units), 16 * min_units));
  std::set<long> units;
  for (int k = 0; k < 64; ++k) {  // two counts per doubling
    const long u = std::lround(static_cast<double>(min_units) * std::pow(2.0, k / 2.0));
    if (u > top) break;
    units.insert(u);
  }
  units.insert(top);
  if (recommended_units >= min_units && recommended_units <= max_units) units.insert(recommended_units);
  for (long u : units) {
    const TrainingRun run = timer.train_on(c, static_cast<int>(u * unit), false);
    if (!run.fits() || !(run.wall_days > 0)) continue;
    ScalePoint p;
    p.count = static_cast<int>(u * unit);
    p.units = u;
    p.wall_days = run.wall_days;
    p.gpu_hours = run.gpu_hours;
    if (offer)
      if (const auto cost = price_run(*offer, static_cast<int>(u), run.wall_days * 24, money, needs)) p.cost = cost->amount;
    s.points.push_back(p);
  }
  s.recommended_count = static_cast<int>(recommended_units * unit);
  // Where doubling stops paying, along the doublings from the fewest units.
  for (long u = min_units; 2 * u <= max_units; u *= 2) {
    const double days = timer.days_on(c, static_cast<int>(u * unit));
    const double doubled = timer.days_on(c, static_cast<int>(2 * u * unit));
    if (!more_gpus_pay(static_cast<double>(u * unit), days, static_cast<double>(2 * u * unit), doubled)) {
      s.stops_paying = static_cast<int>(u * unit);
      break;
    }
  }
  return s;
}

}  // namespace gpusizer
