#include "common/dates.hpp"

#include <cctype>

namespace gpusizer {
namespace {

// Howard Hinnant's days_from_civil: exact integer arithmetic for the proleptic Gregorian calendar.
long days_from_civil(long y, long m, long d) {
  y -= m <= 2;
  const long era = (y >= 0 ? y : y - 399) / 400;
  const long yoe = y - era * 400;
  const long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

bool digits(const std::string& s, std::size_t at, std::size_t n, long* out) {
  if (s.size() < at + n) return false;
  long v = 0;
  for (std::size_t i = at; i < at + n; ++i) {
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
    v = v * 10 + (s[i] - '0');
  }
  *out = v;
  return true;
}

}  // namespace

std::optional<long> day_number(const std::string& date) {
  long year = 0, month = 7, day = 1;
  if (!digits(date, 0, 4, &year)) return std::nullopt;
  if (date.size() >= 7 && date[4] == '-' && digits(date, 5, 2, &month) && month >= 1 && month <= 12) {
    day = 15;
    long d = 0;
    if (date.size() >= 10 && date[7] == '-' && digits(date, 8, 2, &d) && d >= 1 && d <= 31) day = d;
  } else {
    month = 7;
  }
  return days_from_civil(year, month, day);
}

}  // namespace gpusizer
