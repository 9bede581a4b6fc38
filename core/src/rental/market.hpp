// How an offer's price compares with the market: the default catalog's offers for the same GPU.
// The rule (docs/provider.md, "Prices against the market"): an offer's rate is its lowest price per
// GPU-hour over the periods it quotes (a period's price / the period's hours / gpusPerUnit); the
// market rate of a GPU is the median of that rate over the default catalog's offers of the GPU,
// leaving out spot and low-confidence prices, and it is known only from kMinMarketOffers of them.
// An offer whose rate is below kLowRatio or above kHighRatio times its GPU's market rate is far
// from the market: a price typed per GPU instead of per unit, in the wrong period or currency.
#pragma once

#include <optional>
#include <string>

#include "catalog/catalog.hpp"

namespace gpusizer {

inline constexpr double kLowRatio = 0.5;
inline constexpr double kHighRatio = 2.0;
inline constexpr int kMinMarketOffers = 3;

struct Rate {
  double per_gpu_hour = 0;  // in the offer's currency
  Period period = Period::hour;
};

// The offer's lowest price per GPU-hour and the period quoted at it; nullopt without prices.
std::optional<Rate> lowest_rate(const Offer& offer);

enum class MarketVerdict { within, below, above, no_reference };
const char* verdict_name(MarketVerdict v);  // "within" | "below" | "above" | "no_reference"

struct MarketCheck {
  Rate rate;                   // the offer's
  double median = 0;           // market rate in the offer's currency (0 without a reference)
  int market_offers = 0;       // default offers the median is taken over
  double ratio = 0;            // rate / median (0 without a reference)
  MarketVerdict verdict = MarketVerdict::no_reference;
};

// The offer against `market`'s offers of its GPU, currencies converted at usd_cny (CNY per USD).
std::optional<MarketCheck> check_against_market(const Offer& offer, const Catalog& market, double usd_cny);

}  // namespace gpusizer
