// Ranking the options: order, the recommended one, the cheapest and fastest, the
// cost/time frontier (internal).
#pragma once

#include "result.hpp"

namespace gpusizer {

// Usable options (fits and meets the goal) by cost, then those missing the goal, then those
// that cannot run; fills choices and the frontier (the usable options no other beats on both
// cost and time, fastest first) and marks one recommended: the cheapest usable option, or
// under a budget without a deadline the fastest within the budget.
void compare_options(Result& result, bool prefer_fastest);

}  // namespace gpusizer
