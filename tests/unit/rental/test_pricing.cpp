#include <catch2/catch.hpp>

#include "rental/pricing.hpp"

using namespace gpusizer;
using Catch::Matchers::WithinRel;

namespace {

Offer offer(std::optional<double> hour, std::optional<double> month, const char* currency = "CNY") {
  Offer o;
  o.id = "test";
  o.gpus_per_unit = 8;
  o.currency = currency;
  o.prices[static_cast<int>(Period::hour)] = hour;
  o.prices[static_cast<int>(Period::month)] = month;
  return o;
}

}  // namespace

TEST_CASE("a run is billed at the cheapest mix, in the request's currency, line by line", "[pricing]") {
  const Offer o = offer(100.0, 50000.0);
  // 40 days on 2 units: 1 month + 240 hours (24,000) beats 2 months (100,000).
  const auto cost = price_run(o, 2, 40 * 24, {"CNY", 7.0});
  REQUIRE(cost);
  REQUIRE(cost->billing.size() == 2);
  CHECK(cost->billing[0].period == Period::month);
  CHECK(cost->billing[0].amount == 100000);  // 1 month x 50,000 x 2 units
  CHECK(cost->billing[1].period == Period::hour);
  CHECK(cost->billing[1].amount == 48000);   // 240 h x 100 x 2 units
  CHECK(cost->amount == 148000);
  CHECK(cost->idle_hours == 0);
  const auto usd = price_run(o, 2, 40 * 24, {"USD", 7.0});
  CHECK_THAT(usd->amount, WithinRel(148000.0 / 7.0, 1e-6));
}

TEST_CASE("the trial-week plan bills a week by the hour, then whole months", "[pricing]") {
  const Offer o = offer(100.0, 50000.0);
  const auto cost = price_run(o, 1, 40 * 24, {"CNY", 7.0});
  REQUIRE(cost->trial_then_monthly);
  const Cost::Trial& trial = *cost->trial_then_monthly;
  REQUIRE(trial.billing.size() == 2);
  CHECK(trial.billing[0].period == Period::hour);
  CHECK(trial.billing[0].count == 168);
  CHECK(trial.billing[1].period == Period::month);
  CHECK(trial.billing[1].count == 2);  // 792 h left after the week: two months
  CHECK(trial.amount == 168 * 100.0 + 2 * 50000.0);
  CHECK(trial.idle_hours == 168 + 1440 - 960);
  // A month costs as much as 500 hours: monthly wins above 500 h of use a month.
  CHECK(cost->break_even_hours_per_month == 500);
}

TEST_CASE("offers with one period, or a minimum term, get no trial plan", "[pricing]") {
  CHECK_FALSE(price_run(offer(100.0, std::nullopt), 1, 100, {"CNY", 7})->trial_then_monthly);
  Offer lease = offer(100.0, 50000.0);
  lease.min_term_hours = 8760;
  const auto cost = price_run(lease, 1, 100, {"CNY", 7});
  CHECK_FALSE(cost->trial_then_monthly);
  CHECK(cost->covered_hours >= 8760);
}

TEST_CASE("unit prices are converted per period", "[pricing]") {
  const auto prices = unit_prices(offer(2.0, 1000.0, "USD"), {"CNY", 6.6921});
  CHECK(prices[static_cast<int>(Period::hour)] == 13.38);
  CHECK(prices[static_cast<int>(Period::month)] == 6692.1);
  CHECK_FALSE(prices[static_cast<int>(Period::day)].has_value());
}
