// Request -> Result: the whole estimate, typed.
#pragma once

#include "request.hpp"
#include "result.hpp"
#include "training/timing.hpp"

namespace gpusizer {

// Options are sized to this deadline when the request gives neither hardware.count nor
// goal.days: "within a month" is how the product brief phrases a training job.
inline constexpr double kDefaultDeadlineDays = 30;

// Refuses the request (gpusizer::Error, invalid_value at "") once the planner's work passes
// max_planning_work (RunTimer::planning_work()); a test gives a lower bound to reach it.
Result estimate(const Request& request, double max_planning_work = kMaxPlanningWork);

}  // namespace gpusizer
