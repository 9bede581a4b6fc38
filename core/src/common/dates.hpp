// Calendar dates as the catalog writes them ("2026-10-10", "2026-09", "2026"), as day
// numbers, for the age of a price.
#pragma once

#include <optional>
#include <string>

namespace gpusizer {

// The years a date may name: a GPU price or a rate dated outside them is a typo.
inline constexpr long kFirstYear = 1900;
inline constexpr long kLastYear = 2999;

// Days since 1970-01-01 of the date, which must be a real calendar date written exactly
// YYYY-MM-DD, YYYY-MM or YYYY (as the catalog schema allows; leap years counted), with a year
// from kFirstYear to kLastYear; nullopt otherwise ("2026-02-30", "2026-13", "2026-10 (about)").
// A month without a day is taken as its 15th and a year alone as July 1st (the middle, so an
// imprecise date is neither favoured nor punished).
std::optional<long> day_number(const std::string& date);

// day_number, but only for the full form YYYY-MM-DD (a request's "today").
std::optional<long> full_day_number(const std::string& date);

}  // namespace gpusizer
