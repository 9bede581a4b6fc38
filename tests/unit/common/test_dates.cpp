#include <catch2/catch.hpp>

#include "common/dates.hpp"

using gpusizer::day_number;

TEST_CASE("catalog dates become day numbers", "[dates]") {
  CHECK(day_number("1970-01-01") == 0);
  CHECK(day_number("2026-11-29") == 20786);
  CHECK(*day_number("2026-11-29") - *day_number("2026-10-10") == 50);
  CHECK(*day_number("2024-03-01") - *day_number("2024-02-28") == 2);  // leap year
}

TEST_CASE("an imprecise date is taken at the middle of its month or year", "[dates]") {
  CHECK(day_number("2026-09") == day_number("2026-09-15"));
  CHECK(day_number("2026") == day_number("2026-07-01"));
  CHECK(day_number("2026-10 (published after 10-08)") == day_number("2026-10-15"));
  CHECK(day_number("2026 (date not shown)") == day_number("2026-07-01"));
}

TEST_CASE("text without a year is no date", "[dates]") {
  CHECK_FALSE(day_number("").has_value());
  CHECK_FALSE(day_number("undated").has_value());
  CHECK_FALSE(day_number("26-10-10").has_value());
}
