// A duration as a reader takes it in: minutes for minutes, hours for hours, days, and years
// beside the days of a run longer than a year (internal).
#pragma once

#include <string>

#include "diagnostics/messages.hpp"

namespace gpusizer {

// "40 minutes", "5.3 hours", "12.4 days", "1,460 days (4 years)"; never "0 days".
std::string duration_text(Lang lang, double days);

}  // namespace gpusizer
