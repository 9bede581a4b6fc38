// Ranking the options: order, the recommended one, the cheapest and fastest, the
// cost/time frontier (internal).
#pragma once

#include "result.hpp"

namespace gpusizer {

// Usable options (fits and meets the goal) by cost, then those missing the goal, then those
// that cannot run; fills choices (the cheapest and fastest usable options, whatever their
// constraints) and the frontier (the usable options no other beats on both cost and time,
// fastest first). The recommended one is chosen under the user's constraints (recommend.hpp).
void compare_options(Result& result);

}  // namespace gpusizer
