// Ranking the options: order, the recommended one, the cheapest and fastest, the
// cost/time frontier (internal).
#pragma once

#include <string>
#include <vector>

#include "rental/option.hpp"

namespace gpusizer {

// Usable options (fits and meets the goal) by cost, then those missing the goal, then those
// that cannot run; says the choices (the cheapest and fastest usable options, whatever their
// constraints) and the frontier (the usable options no other beats on both cost and time,
// fastest first). The recommended one is chosen under the user's constraints (recommend.hpp).
struct Ranking {
  std::string cheapest, fastest;      // offer ids among the usable options
  std::vector<std::string> frontier;  // offer ids on the cost/time frontier, fastest first
};
Ranking compare_options(std::vector<Option>& options);

// The cheapest and fastest of the options a user can take as asked: usable and breaking none of
// the recommendation's constraints (options[].outside empty, so after recommend()). Empty ids
// when none is. The choices above keep their meaning, whatever the constraints.
struct Choices {
  std::string cheapest, fastest;
};
Choices choices_within(const std::vector<Option>& options);

}  // namespace gpusizer
