#include <catch2/catch.hpp>

#include "common/dates.hpp"

using gpusizer::day_number;
using gpusizer::full_day_number;

TEST_CASE("catalog dates become day numbers", "[dates]") {
  CHECK(day_number("1970-01-01") == 0);
  CHECK(day_number("2026-11-29") == 20786);
  CHECK(*day_number("2026-11-29") - *day_number("2026-10-10") == 50);
  CHECK(*day_number("2024-03-01") - *day_number("2024-02-28") == 2);  // leap year
}

TEST_CASE("an imprecise date is taken at the middle of its month or year", "[dates]") {
  CHECK(day_number("2026-09") == day_number("2026-09-15"));
  CHECK(day_number("2026") == day_number("2026-07-01"));
}

TEST_CASE("only real calendar dates are dates (leap years counted)", "[dates]") {
  CHECK(day_number("2024-02-29").has_value());
  CHECK(day_number("2000-02-29").has_value());  // divisible by 400
  CHECK(day_number("2026-12-31").has_value());
  for (const char* bad : {"2026-02-29", "1900-02-29", "2100-02-29", "2026-02-30", "2026-04-31", "2026-13-45",
                          "2026-13", "2026-00", "2026-01-00", "2026-1-05", "2026/10/10", "2026-10-10T00:00",
                          "2026-10 (published after 10-08)", "2026 (date not shown)", "0000", "1899-12-31",
                          "3000-01-01", "99999", "", "undated", "26-10-10", "+202-10-10", "2026-10-1x"}) {
    INFO(bad);
    CHECK_FALSE(day_number(bad).has_value());
  }
}

TEST_CASE("a request's today is a full date", "[dates]") {
  CHECK(full_day_number("2026-11-29") == day_number("2026-11-29"));
  CHECK_FALSE(full_day_number("2026-11").has_value());
  CHECK_FALSE(full_day_number("2026").has_value());
}
