#include "common/dates.hpp"

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
  long v = 0;
  for (std::size_t i = at; i < at + n; ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (s[i] - '0');
  }
  *out = v;
  return true;
}

long days_in_month(long year, long month) {
  static constexpr long kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month == 2 && leap ? 29 : kDays[month - 1];
}

}  // namespace

std::optional<long> day_number(const std::string& date) {
  const std::size_t n = date.size();
  if (n != 4 && n != 7 && n != 10) return std::nullopt;
  long year = 0, month = 7, day = 1;
  if (!digits(date, 0, 4, &year) || year < kFirstYear || year > kLastYear) return std::nullopt;
  if (n >= 7) {
    if (date[4] != '-' || !digits(date, 5, 2, &month) || month < 1 || month > 12) return std::nullopt;
    day = 15;
  }
  if (n == 10) {
    if (date[7] != '-' || !digits(date, 8, 2, &day) || day < 1 || day > days_in_month(year, month)) return std::nullopt;
  }
  return days_from_civil(year, month, day);
}

std::optional<long> full_day_number(const std::string& date) {
  return date.size() == 10 ? day_number(date) : std::nullopt;
}

}  // namespace gpusizer
