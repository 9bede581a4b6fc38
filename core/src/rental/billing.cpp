#include "rental/billing.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace gpusizer {
namespace {

struct Level {
  Period period;
  double hours;
  double price;
  long max_count;  // -1: bounded only by the remaining need
};

constexpr long kWindow = 1000;
// 3.6 ms of slack so a rounding residue never buys a whole extra period.
constexpr double kSlackHours = 1e-6;

struct Search {
  std::vector<Level> levels;  // largest period first
  std::vector<double> capacity;  // hours the periods after i can cover at most; -1: unbounded
  std::vector<long> counts, best_counts;
  double best_cost = 0, best_hours = 0;
  bool found = false;

  void visit(std::size_t i, double remaining, double cost, double hours) {
    const Level& level = levels[i];
    const long needed =
        remaining > kSlackHours ? static_cast<long>(std::ceil((remaining - kSlackHours) / level.hours)) : 0;
    if (i + 1 == levels.size()) {  // smallest period: cover the rest exactly
      counts[i] = needed;
      const double n = static_cast<double>(needed);
      consider(cost + n * level.price, hours + n * level.hours);
      return;
    }
    const long top = level.max_count < 0 ? needed : std::min(needed, level.max_count);
    // The periods below cover at most `capacity[i]` hours, so fewer of this one cannot work.
    // Below an unbounded period (a year priced between 12 and 13 months) only the last
    // kWindow counts are tried: exact for any run shorter than kWindow of this period.
    const long bottom = capacity[i] >= 0 ? std::max(0L, static_cast<long>(std::floor((remaining - capacity[i]) / level.hours)))
                                         : std::max(0L, top - kWindow);
    for (long k = top; k >= bottom; --k) {
      counts[i] = k;
      const double n = static_cast<double>(k);
      visit(i + 1, remaining - n * level.hours, cost + n * level.price, hours + n * level.hours);
    }
  }

  void consider(double cost, double hours) {
    // Ties go to less paid-but-idle time; enumeration order makes the rest deterministic.
    if (!found || cost < best_cost || (cost == best_cost && hours < best_hours)) {
      found = true;
      best_cost = cost;
      best_hours = hours;
      best_counts = counts;
    }
  }
};

}  // namespace

BillingMix cheapest_billing(const std::array<std::optional<double>, 4>& prices, double hours_needed,
                            double min_term_hours) {
  // Keep the periods not dominated by a smaller one (ascending scan).
  std::vector<Level> ascending;
  for (Period p : kPeriods) {
    const auto& price = prices[static_cast<int>(p)];
    if (!price || *price < 0) continue;
    const double hours = period_hours(p);
    bool dominated = false;
    for (const Level& smaller : ascending)
      if (*price >= std::ceil(hours / smaller.hours) * smaller.price) dominated = true;
    if (!dominated) ascending.push_back({p, hours, *price, -1});
  }
  BillingMix mix;
  // Beyond the horizon (or NaN) the counts would overflow `long`: not priced.
  if (ascending.empty() || !(std::max(hours_needed, min_term_hours) <= kMaxBillableHours)) return mix;
  // Bound each period by the next larger one when swapping floor(T_j / T_i) of it for one
  // of the larger costs no more and covers no less.
  for (std::size_t i = 0; i + 1 < ascending.size(); ++i) {
    const Level& larger = ascending[i + 1];
    const double fit = std::floor(larger.hours / ascending[i].hours);
    if (larger.price <= fit * ascending[i].price) ascending[i].max_count = static_cast<long>(fit) - 1;
  }
  Search search;
  search.levels.assign(ascending.rbegin(), ascending.rend());
  search.counts.assign(search.levels.size(), 0);
  search.capacity.assign(search.levels.size(), 0);
  for (std::size_t i = search.levels.size(); i-- > 1;) {
    const Level& below = search.levels[i];
    search.capacity[i - 1] = below.max_count < 0 || search.capacity[i] < 0
                                 ? -1
                                 : search.capacity[i] + static_cast<double>(below.max_count) * below.hours;
  }
  // Any time at all is at least one period: a job of a few milliseconds still rents the machine.
  const double need = std::max({hours_needed, min_term_hours, hours_needed > 0 ? 2 * kSlackHours : 0.0});
  search.visit(0, need, 0.0, 0.0);

  mix.possible = true;
  mix.cost = search.best_cost;
  mix.covered_hours = search.best_hours;
  for (std::size_t i = 0; i < search.levels.size(); ++i)
    if (search.best_counts[i] > 0)
      mix.lines.push_back({search.levels[i].period, search.best_counts[i], search.levels[i].price});
  return mix;
}

}  // namespace gpusizer
