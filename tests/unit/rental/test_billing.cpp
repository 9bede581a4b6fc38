#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>

#include "rental/billing.hpp"

using namespace gpusizer;

namespace {

using Prices = std::array<std::optional<double>, 4>;

// The definition, by brute force over every count of days, months and years; for fixed
// counts of those, the fewest hours that close the gap are obviously best.
double brute_force(const Prices& prices, double need) {
  double best = std::numeric_limits<double>::infinity();
  long limit[4];
  for (int i = 1; i < 4; ++i) limit[i] = prices[i] ? static_cast<long>(need / kPeriodHours[i]) + 1 : 0;
  for (long y = 0; y <= limit[3]; ++y)
    for (long m = 0; m <= limit[2]; ++m)
      for (long d = 0; d <= limit[1]; ++d) {
        const double covered = d * 24.0 + m * 720.0 + y * 8760.0;
        double hours = 0;
        if (covered + 1e-6 < need) {
          if (!prices[0]) continue;
          hours = std::ceil(need - covered - 1e-6);
        }
        const double cost = hours * prices[0].value_or(0) + d * prices[1].value_or(0) + m * prices[2].value_or(0) +
                            y * prices[3].value_or(0);
        best = std::min(best, cost);
      }
  return best;
}

}  // namespace

TEST_CASE("a month and a few days beat a second month when days are cheap enough", "[billing]") {
  // 33 days on a machine at 1,000/day or 25,000/month: 1 month + 3 days = 28,000.
  const Prices prices{std::nullopt, 1000.0, 25000.0, std::nullopt};
  const BillingMix mix = cheapest_billing(prices, 33 * 24, 0);
  REQUIRE(mix.possible);
  CHECK(mix.cost == 28000);
  REQUIRE(mix.lines.size() == 2);
  CHECK(mix.lines[0].period == Period::month);
  CHECK(mix.lines[0].count == 1);
  CHECK(mix.lines[1].period == Period::day);
  CHECK(mix.lines[1].count == 3);
  CHECK(mix.covered_hours == 33 * 24);
}

TEST_CASE("hourly billing covers a fraction of an hour with a whole hour", "[billing]") {
  const Prices prices{2.5, std::nullopt, std::nullopt, std::nullopt};
  const BillingMix mix = cheapest_billing(prices, 10.2, 0);
  CHECK(mix.cost == 27.5);
  CHECK(mix.covered_hours == 11);
}

TEST_CASE("a minimum term is paid even when the job is shorter", "[billing]") {
  // A one-year minimum on a monthly lease: a 10-day job still pays 13 months (8760 h = 12.17 months).
  const Prices prices{std::nullopt, std::nullopt, 87000.0, std::nullopt};
  const BillingMix mix = cheapest_billing(prices, 240, 8760);
  CHECK(mix.cost == 13 * 87000.0);
  CHECK(mix.covered_hours >= 8760);
}

TEST_CASE("a period dearer than enough smaller ones is never bought", "[billing]") {
  const Prices prices{1.0, 30.0, std::nullopt, std::nullopt};  // a day costs more than 24 hours
  const BillingMix mix = cheapest_billing(prices, 48, 0);
  CHECK(mix.cost == 48);
  REQUIRE(mix.lines.size() == 1);
  CHECK(mix.lines[0].period == Period::hour);
}

TEST_CASE("an offer without prices cannot be billed", "[billing]") {
  CHECK_FALSE(cheapest_billing(Prices{}, 10, 0).possible);
}

TEST_CASE("the billing mix is the true minimum (brute force over period counts)", "[billing]") {
  std::mt19937 rng(20261129);
  std::uniform_real_distribution<double> hourly(0.5, 40.0), discount(0.45, 1.3), need(0.5, 2.2 * 8760);
  std::bernoulli_distribution offered(0.7);
  for (int trial = 0; trial < 300; ++trial) {
    Prices prices;
    const double h = hourly(rng);
    if (offered(rng)) prices[0] = std::round(h * 100) / 100;
    if (offered(rng)) prices[1] = std::round(h * 24 * discount(rng));
    if (offered(rng)) prices[2] = std::round(h * 720 * discount(rng));
    if (offered(rng)) prices[3] = std::round(h * 8760 * discount(rng));
    if (!prices[0] && !prices[1] && !prices[2] && !prices[3]) prices[2] = h * 720;
    const double hours = trial % 10 == 0 ? std::round(need(rng)) : need(rng);
    const BillingMix mix = cheapest_billing(prices, hours, 0);
    INFO("trial " << trial << " hours " << hours);
    CHECK_THAT(mix.cost, Catch::Matchers::WithinRel(brute_force(prices, hours), 1e-12));
    CHECK(mix.covered_hours + 1e-6 >= hours);
  }
}
