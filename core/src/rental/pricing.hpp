// From a run on an offer to money: the cheapest billing, the renter's trial-week plan, the
// break-even between hourly and monthly, all in the request's currency.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "rental/option.hpp"

namespace gpusizer {

struct Money {
  std::string currency;  // CNY | USD
  double usd_cny = 0;    // CNY per USD
};

// Converts between the catalog currencies (CNY, USD) at `usd_cny` CNY per USD.
double convert_currency(double amount, const std::string& from, const std::string& to, double usd_cny);

// The offer's price per unit for each period, converted.
std::array<std::optional<double>, 4> unit_prices(const Offer& offer, const Money& money);

// Renting `units` for `hours`: the cheapest mix of periods (honouring the minimum term), plus
// the trial-week plan where the offer sells both hours and months, and the rest of the bill
// (rental/bill.hpp) for what `needs` says the job stores and moves. Amounts are rounded to cents
// line by line, so the total is exactly the sum of its lines.
std::optional<Cost> price_run(const Offer& offer, int units, double hours, const Money& money, const BillNeeds& needs = {});

// "3 months", "1 hour", "3个月", the one-time setup fee: a billing line's periods in words.
std::string period_count(Lang lang, Period period, long count);

// The basis of every line in words (`gpu`: the GPU's name); returns the lines the offer's price
// list leaves out as one phrase ("" when it prices everything), for the not_in_price_list warning.
std::string describe_bill(Lang lang, Cost& cost, const Offer& offer, int units, const std::string& gpu, const BillNeeds& needs);

// The trial week across two offers of one provider: the first week (or the whole run, when
// shorter) on `hourly` (hour or day prices, no minimum term) with `hourly_units`, the rest in
// whole months of `monthly` (its minimum term honoured) with `monthly_units`. nullopt when the
// offers cannot make that plan.
std::optional<Cost::Trial> trial_across(const Offer& hourly, int hourly_units, const Offer& monthly, int monthly_units,
                                        double hours, const Money& money);

// The renters' trial week where an offer sells only months: the same provider's hourly offer of
// the same GPU for the first week, then this offer's months (Cost::trial_then_monthly).
void add_trials_across_offers(std::vector<Option>& options, const Money& money);

}  // namespace gpusizer
