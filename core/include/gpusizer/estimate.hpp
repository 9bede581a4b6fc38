// Request -> Result: the whole estimate, typed.
#pragma once

#include "gpusizer/request.hpp"
#include "gpusizer/result.hpp"

namespace gpusizer {

// Options are sized to this deadline when the request gives neither hardware.count nor
// goal.days: "within a month" is how the product brief phrases a training job.
inline constexpr double kDefaultDeadlineDays = 30;

Result estimate(const Request& request);

// Converts between the catalog currencies (CNY, USD) at `usd_cny` CNY per USD.
double convert_currency(double amount, const std::string& from, const std::string& to, double usd_cny);

}  // namespace gpusizer
