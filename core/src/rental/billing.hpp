// The cheapest way to rent one unit for a duration from an offer's billing periods.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "catalog/catalog.hpp"

namespace gpusizer {

// The longest rental priced: 100 years (876,000 h, the longest goal.days). Period counts stay
// exact integers far below it, and no seller prices a longer one; a longer run has no cost.
inline constexpr double kMaxBillableHours = 100 * 8760;

struct BillingLine {
  Period period;
  long count = 0;
  double unit_price = 0;  // price of one period for one unit, offer currency
};

struct BillingMix {
  bool possible = false;      // false when the offer has no price, or the need is beyond kMaxBillableHours
  std::vector<BillingLine> lines;  // largest period first, zero counts omitted
  double cost = 0;            // for one unit, offer currency
  double covered_hours = 0;   // >= max(hours_needed, min_term_hours) less 1e-6 h; > 0 when that is
};

// Exact minimum over all counts of the offer's periods that cover the need (unbounded
// covering knapsack, four item sizes). A period that costs at least as much as enough
// smaller periods to cover it is dropped; of the rest, a lexicographically-largest optimum
// never holds more of a period than fit in the next larger one, which bounds the search
// (at most ceil(need/top) x 12 x 30 x 1 candidates).
BillingMix cheapest_billing(const std::array<std::optional<double>, 4>& prices, double hours_needed,
                            double min_term_hours);

}  // namespace gpusizer
