// Request -> Result: the whole estimate, typed.
#pragma once

#include "request.hpp"
#include "result.hpp"

namespace gpusizer {

// Options are sized to this deadline when the request gives neither hardware.count nor
// goal.days: "within a month" is how the product brief phrases a training job.
inline constexpr double kDefaultDeadlineDays = 30;

Result estimate(const Request& request);

}  // namespace gpusizer
