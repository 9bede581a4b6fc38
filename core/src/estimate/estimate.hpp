// Request -> Result: the numbers of an estimate, typed (report/ puts them in words).
#pragma once

#include "estimate/request.hpp"
#include "estimate/result.hpp"
#include "training/timing.hpp"

namespace gpusizer {

// Refuses the request (gpusizer::Error, invalid_value at "") once the planner's work passes
// max_planning_work (RunTimer::planning_work()); a test gives a lower bound to reach it.
Result estimate(const Request& request, double max_planning_work = kMaxPlanningWork);

}  // namespace gpusizer
