#include "rental/market.hpp"

#include <utility>
#include <vector>

#include "rental/pricing.hpp"

namespace gpusizer {

std::optional<Rate> lowest_rate(const Offer& offer) {
  std::optional<Rate> best;
  for (Period p : kPeriods) {
    const auto& price = offer.prices[static_cast<int>(p)];
    if (!price || offer.gpus_per_unit < 1) continue;
    const double rate = *price / period_hours(p) / offer.gpus_per_unit;
    if (!best || rate < best->per_gpu_hour) best = Rate{rate, p};
  }
  return best;
}

const char* verdict_name(MarketVerdict v) {
  switch (v) {
    case MarketVerdict::within: return "within";
    case MarketVerdict::below: return "below";
    case MarketVerdict::above: return "above";
    default: return "no_reference";
  }
}

std::optional<MarketCheck> check_against_market(const Offer& offer, const Catalog& market, double usd_cny) {
  const auto rate = lowest_rate(offer);
  if (!rate) return std::nullopt;
  MarketCheck check;
  check.rate = *rate;
  std::vector<double> rates;
  for (const Offer& o : market.offers) {
    if (o.gpu != offer.gpu || o.spot || o.confidence == "low") continue;
    if (const auto r = lowest_rate(o)) rates.push_back(convert_currency(r->per_gpu_hour, o.currency, offer.currency, usd_cny));
  }
  check.market_offers = static_cast<int>(rates.size());
  if (check.market_offers < kMinMarketOffers) return check;
  // Insertion sort: a few dozen rates, and no sorting template in the wasm module for them.
  for (std::size_t i = 1; i < rates.size(); ++i)
    for (std::size_t k = i; k > 0 && rates[k - 1] > rates[k]; --k) std::swap(rates[k - 1], rates[k]);
  const std::size_t n = rates.size();
  check.median = n % 2 ? rates[n / 2] : (rates[n / 2 - 1] + rates[n / 2]) / 2;
  check.ratio = rate->per_gpu_hour / check.median;
  check.verdict = check.ratio < kLowRatio    ? MarketVerdict::below
                  : check.ratio > kHighRatio ? MarketVerdict::above
                                             : MarketVerdict::within;
  return check;
}

}  // namespace gpusizer
