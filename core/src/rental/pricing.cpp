#include "rental/pricing.hpp"

#include <algorithm>
#include <cmath>

#include "rental/billing.hpp"
#include "common/numbers.hpp"

namespace gpusizer {
namespace {

// The trial the renters' guides recommend: a week by the hour before committing to months.
constexpr double kTrialHours = 7 * 24;

Cost::Line line(Period period, long count, double unit_price, int units, double rate) {
  return {period, count, round_to(static_cast<double>(count) * unit_price * units * rate, 2)};
}

}  // namespace

double convert_currency(double amount, const std::string& from, const std::string& to, double usd_cny) {
  if (from == to) return amount;
  if (from == "USD" && to == "CNY") return amount * usd_cny;
  if (from == "CNY" && to == "USD") return amount / usd_cny;
  return amount;  // json_io only admits CNY and USD
}

std::array<std::optional<double>, 4> unit_prices(const Offer& offer, const Money& money) {
  std::array<std::optional<double>, 4> out;
  const double rate = convert_currency(1.0, offer.currency, money.currency, money.usd_cny);
  for (Period p : kPeriods)
    if (const auto& price = offer.prices[static_cast<int>(p)]) out[static_cast<int>(p)] = round_to(*price * rate, 2);
  return out;
}

std::optional<Cost> price_run(const Offer& offer, int units, double hours, const Money& money, const BillNeeds& needs) {
  const BillingMix mix = cheapest_billing(offer.prices, hours, offer.min_term_hours);
  if (!mix.possible) return std::nullopt;
  const double rate = convert_currency(1.0, offer.currency, money.currency, money.usd_cny);
  Cost cost;
  cost.currency = money.currency;
  for (const BillingLine& l : mix.lines) {
    cost.billing.push_back(line(l.period, l.count, l.unit_price, units, rate));
    cost.amount += cost.billing.back().amount;
  }
  BillLine gpu;
  gpu.kind = LineKind::gpu;
  gpu.item = "rental";
  gpu.amount = round_to(cost.amount, 2);
  gpu.quantity = units;
  cost.lines.push_back(gpu);
  if (offer.setup_fee && *offer.setup_fee > 0) {
    cost.billing.push_back({Period::setup, 1, round_to(*offer.setup_fee * units * rate, 2)});
    BillLine setup;
    setup.kind = LineKind::setup;
    setup.item = "setup-fee";
    setup.amount = cost.billing.back().amount;
    setup.quantity = units;
    setup.unit_price = *offer.setup_fee * rate;
    cost.lines.push_back(setup);
  }
  for (BillLine& l : extra_lines(offer, units, mix.covered_hours, rate, needs)) cost.lines.push_back(std::move(l));
  cost.amount = 0;
  for (const BillLine& l : cost.lines) cost.amount += l.amount;
  cost.amount = round_to(cost.amount, 2);
  cost.covered_hours = round_sig(mix.covered_hours, 9);
  // Billing forgives 3.6 ms (billing.cpp): a run that much over its periods idles 0 h, not -1e-6.
  cost.idle_hours = round_sig(std::max(0.0, mix.covered_hours - hours), 6);

  const auto& hour = offer.prices[static_cast<int>(Period::hour)];
  const auto& month = offer.prices[static_cast<int>(Period::month)];
  if (hour && month) {
    cost.break_even_hours_per_month = round_sig(*month / *hour, 4);
    if (offer.min_term_hours <= 0) {
      Cost::Trial trial;
      const double trial_hours = std::min(kTrialHours, hours);
      const long hour_count = std::max(1L, static_cast<long>(std::ceil(trial_hours - 1e-6)));  // at least an hour
      const double rest = hours - static_cast<double>(hour_count);
      const long months = rest > 1e-6 ? static_cast<long>(std::ceil((rest - 1e-6) / period_hours(Period::month))) : 0;
      if (hour_count > 0) trial.billing.push_back(line(Period::hour, hour_count, *hour, units, rate));
      if (months > 0) trial.billing.push_back(line(Period::month, months, *month, units, rate));
      for (const Cost::Line& l : trial.billing) trial.amount += l.amount;
      trial.amount = round_to(trial.amount, 2);
      trial.idle_hours = round_sig(
          std::max(0.0, static_cast<double>(hour_count) + static_cast<double>(months) * period_hours(Period::month) - hours), 6);
      cost.trial_then_monthly = trial;
    }
  }
  return cost;
}

std::string period_count(Lang lang, Period period, long count) {
  static const msg::Id kOne[] = {msg::period_hour, msg::period_day, msg::period_month, msg::period_year};
  static const msg::Id kMany[] = {msg::period_hours, msg::period_days, msg::period_months, msg::period_years};
  if (period == Period::setup) return say(lang, msg::period_setup);
  const int i = static_cast<int>(period);
  return say(lang, count == 1 ? kOne[i] : kMany[i], {{"n", count}});
}

std::string describe_bill(Lang lang, Cost& cost, const Offer& offer, int units, const std::string& gpu, const BillNeeds& needs) {
  std::string periods;
  for (const Cost::Line& l : cost.billing)
    if (l.period != Period::setup) periods += (periods.empty() ? "" : " + ") + period_count(lang, l.period, l.count);
  for (BillLine& l : cost.lines)
    if (l.kind == LineKind::gpu)
      l.basis = say(lang, msg::bill_gpu, {{"units", units}, {"per_unit", offer.gpus_per_unit}, {"gpu", gpu}, {"periods", periods}});
  return describe_extra_lines(lang, cost.lines, offer, units, needs, cost.currency);
}

std::optional<Cost::Trial> trial_across(const Offer& hourly, int hourly_units, const Offer& monthly, int monthly_units,
                                        double hours, const Money& money) {
  const auto& month = monthly.prices[static_cast<int>(Period::month)];
  if (!month || hourly.min_term_hours > 0 || hours <= kTrialHours) return std::nullopt;
  // The week at the cheapest hour/day mix of the hourly offer.
  std::array<std::optional<double>, 4> short_prices;
  short_prices[static_cast<int>(Period::hour)] = hourly.prices[static_cast<int>(Period::hour)];
  short_prices[static_cast<int>(Period::day)] = hourly.prices[static_cast<int>(Period::day)];
  const BillingMix week = cheapest_billing(short_prices, kTrialHours, 0);
  if (!week.possible) return std::nullopt;
  const double rest = hours - week.covered_hours;
  const long months = static_cast<long>(std::ceil(std::max(rest, monthly.min_term_hours) / period_hours(Period::month) - 1e-9));
  Cost::Trial trial;
  const double hourly_rate = convert_currency(1.0, hourly.currency, money.currency, money.usd_cny);
  const double monthly_rate = convert_currency(1.0, monthly.currency, money.currency, money.usd_cny);
  for (const BillingLine& l : week.lines)
    trial.billing.push_back(line(l.period, l.count, l.unit_price, hourly_units, hourly_rate));
  if (months > 0) trial.billing.push_back(line(Period::month, months, *month, monthly_units, monthly_rate));
  for (const Cost::Line& l : trial.billing) trial.amount += l.amount;
  trial.amount = round_to(trial.amount, 2);
  trial.idle_hours = round_sig(std::max(0.0, week.covered_hours + static_cast<double>(months) * period_hours(Period::month) - hours), 6);
  trial.trial_offer = hourly.id;
  trial.trial_units = hourly_units;
  return trial;
}

// The renters' trial week where an offer sells only months: the same provider's hourly offer of
// the same GPU for the first week, then this offer's months.
void add_trials_across_offers(std::vector<Option>& options, const Money& money) {
  for (Option& o : options) {
    if (!o.cost || o.cost->trial_then_monthly || !o.offer->prices[static_cast<int>(Period::month)]) continue;
    const int count = o.units * o.offer->gpus_per_unit;
    for (const Option& h : options) {
      const Offer& hourly = *h.offer;
      if (&h == &o || hourly.gpu != o.offer->gpu || hourly.provider.en != o.offer->provider.en) continue;
      const int units = (count + hourly.gpus_per_unit - 1) / hourly.gpus_per_unit;
      if (hourly.units_available && units > *hourly.units_available) continue;
      if (hourly.inter_unit == "none" && units > 1) continue;
      if (auto trial = trial_across(hourly, units, *o.offer, o.units, o.run.wall_days * 24, money)) {
        o.cost->trial_then_monthly = *trial;
        break;
      }
    }
  }
}


}  // namespace gpusizer
