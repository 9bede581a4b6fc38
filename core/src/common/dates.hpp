// Calendar dates as the catalog writes them ("2026-10-10", "2026-09", "2026"), as day
// numbers, for the age of a price.
#pragma once

#include <optional>
#include <string>

namespace gpusizer {

// Days since 1970-01-01 of the date; a month without a day is taken as its 15th and a year
// alone as July 1st (the middle, so an imprecise date is neither favoured nor punished).
// nullopt when the text does not start with a year.
std::optional<long> day_number(const std::string& date);

}  // namespace gpusizer
