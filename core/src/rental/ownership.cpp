#include "rental/ownership.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>

#include "common/numbers.hpp"
#include "rental/billing.hpp"

namespace gpusizer {
namespace {

constexpr double kHoursPerMonth = 720;

// A citation kept as published (English), quoted in Chinese text.
std::string cited(Lang lang, const std::string& text) { return lang == Lang::zh ? "“" + text + "”" : text; }

int rank(const std::string& confidence) { return confidence == "high" ? 2 : confidence == "medium" ? 1 : 0; }
std::string lowest(std::initializer_list<std::string> all) {
  int low = 2;
  for (const std::string& c : all) low = std::min(low, rank(c));
  return low == 2 ? "high" : low == 1 ? "medium" : "low";
}

// The cheapest way to rent one machine's worth of these GPUs without a break (a year, or the
// minimum term when longer), per month; spot capacity is no continuous use.
void cheapest_continuous(const Catalog& catalog, const std::string& gpu, int machine_gpus, const Money& money, Ownership& o) {
  // A low-confidence price only when there is no other (the recommendation's rule too).
  bool trusted = false;
  for (const Offer& offer : catalog.offers) trusted = trusted || (offer.gpu == gpu && !offer.spot && offer.confidence != "low");
  for (const Offer& offer : catalog.offers) {
    if (offer.gpu != gpu || offer.spot || (trusted && offer.confidence == "low")) continue;
    const int units = (machine_gpus + offer.gpus_per_unit - 1) / offer.gpus_per_unit;
    if (offer.units_available && *offer.units_available < units) continue;
    const double horizon = std::max(8760.0, offer.min_term_hours);
    const BillingMix mix = cheapest_billing(offer.prices, horizon, offer.min_term_hours);
    if (!mix.possible || !(mix.covered_hours > 0)) continue;
    const double rate = convert_currency(1.0, offer.currency, money.currency, money.usd_cny);
    const double per_month = round_to(mix.cost / mix.covered_hours * kHoursPerMonth * units * rate, 2);
    if (o.rental_offer.empty() || per_month < o.rental_per_month) {
      o.rental_offer = offer.id;
      o.rental_per_month = per_month;
    }
  }
}

}  // namespace

std::vector<Ownership> ownership(Lang lang, const Catalog& catalog, const std::vector<Option>& options, const Money& money) {
  // The cheapest option of each GPU that meets the goal (else that has a cost), cheapest first.
  bool any_meets = false;
  for (const Option& o : options) any_meets = any_meets || (o.meets_goal && o.cost);
  std::vector<const Option*> cheapest;
  for (const Option& o : options) {
    if (!o.cost || !o.fits || (any_meets && !o.meets_goal)) continue;
    auto same = std::find_if(cheapest.begin(), cheapest.end(), [&](const Option* c) { return c->offer->gpu == o.offer->gpu; });
    if (same == cheapest.end()) cheapest.push_back(&o);
    else if (o.cost->amount < (*same)->cost->amount) *same = &o;
  }
  std::stable_sort(cheapest.begin(), cheapest.end(), [](const Option* a, const Option* b) { return a->cost->amount < b->cost->amount; });

  std::vector<Ownership> out;
  for (const Option* option : cheapest) {
    const Gpu* gpu = catalog.find_gpu(option->offer->gpu);
    if (!gpu) continue;
    Ownership o;
    o.gpu = gpu->id;
    o.gpus_per_machine = std::max(1, gpu->gpus_per_node);
    const int m = o.gpus_per_machine;
    // The provider's own figures first (an offer of these GPUs with a purchase price), else the table's.
    const Offer* own = nullptr;
    for (const Offer& offer : catalog.offers)
      if (offer.gpu == gpu->id && offer.purchase_price) {
        own = &offer;
        break;
      }
    const double per_machine = own ? static_cast<double>(m) / own->gpus_per_unit : 1;
    if (own) {
      o.purchase = {*own->purchase_price * per_machine, own->currency, own->price_date, "catalog", own->source,
                    own->confidence.empty() ? "medium" : own->confidence};
      o.purchase_from = own->id;
    } else if (auto p = purchase_price(gpu->id, money.currency)) {
      o.purchase = *p;
      o.purchase_from = "table";
    } else {
      continue;
    }
    o.price = round_to(convert_currency(o.purchase.price, o.purchase.currency, money.currency, money.usd_cny), 2);
    o.power = own && own->power_kw ? MachinePower{*own->power_kw * per_machine, "the catalog's powerKw, " + own->id, o.purchase.confidence}
                                   : machine_power(gpu->id, gpu->tdp_watts, m);
    const Hosting& h = hosting_for(money.currency);
    const double to_request = convert_currency(1.0, h.currency, money.currency, money.usd_cny);
    std::string hosting_confidence = h.hosting_confidence, power_confidence = h.power_confidence;
    if (own && own->hosting_price_per_month) {
      o.hosting_per_month = round_to(convert_currency(*own->hosting_price_per_month * per_machine, own->currency, money.currency, money.usd_cny), 2);
      o.hosting_basis = say(lang, msg::hosting_offer, {{"offer", own->id}});
      hosting_confidence = o.purchase.confidence;
    } else if (h.per_cabinet_month > 0) {
      o.hosting_per_month = round_to(h.per_cabinet_month * to_request, 2);
      o.hosting_basis = say(lang, msg::hosting_cabinet,
                            {{"price", format_money(lang, o.hosting_per_month, money.currency)}, {"source", cited(lang, h.hosting_source)}});
    } else {
      o.hosting_per_month = round_to(h.per_kw_month * o.power.kw * to_request, 2);
      o.hosting_basis = say(lang, msg::hosting_per_kw,
                            {{"kw", format_sig(o.power.kw, 3)},
                             {"price", price_text(lang, h.per_kw_month * to_request, money.currency)},
                             {"source", cited(lang, h.hosting_source)}});
    }
    o.pue = own && own->pue ? *own->pue : h.pue;
    o.power_per_kwh = own && own->power_price_per_kwh
                          ? convert_currency(*own->power_price_per_kwh, own->currency, money.currency, money.usd_cny)
                          : h.power_per_kwh * to_request;
    if (own && own->power_price_per_kwh) power_confidence = o.purchase.confidence;
    o.power_per_month = round_to(o.power.kw * o.pue * kHoursPerMonth * o.power_per_kwh, 2);
    o.power_basis = say(lang, msg::power_month,
                        {{"kw", format_sig(o.power.kw, 3)},
                         {"pue", format_sig(o.pue, 3)},
                         {"kwh", price_text(lang, o.power_per_kwh, money.currency)},
                         {"source", cited(lang, own && own->power_price_per_kwh ? own->id : h.power_source)}});
    o.confidence = lowest({o.purchase.confidence, o.power.confidence, hosting_confidence, power_confidence});

    // Against the cheapest continuous rental: the first month from which owning (sold then at
    // the resale value) costs no more, and without selling (cash) the purchase over the saving.
    cheapest_continuous(catalog, gpu->id, m, money, o);
    const double monthly = o.hosting_per_month + o.power_per_month;
    if (!o.rental_offer.empty() && o.rental_per_month > monthly) {
      double kept = 1;
      for (int month = 1; month <= kMaxOwningMonths; ++month) {
        kept *= kResaleMonthlyFactor;
        if (o.price * (1 - kept) + monthly * month <= o.rental_per_month * month) {
          o.break_even_months = month;
          break;
        }
      }
      const double cash = std::ceil(o.price / (o.rental_per_month - monthly) - 1e-9);
      if (cash <= kMaxOwningMonths) o.cash_break_even_months = static_cast<int>(std::max(1.0, cash));
    }

    // The bill of owning for this job: as many machines as the rental uses, owned for the whole
    // months the run takes, powered while it trains.
    const Option& rented = *option;
    o.machines = (rented.run.count + m - 1) / m;
    o.months = std::max(1, static_cast<int>(std::ceil(rented.run.wall_days / 30 - 1e-9)));
    double kept = 1;
    for (int month = 0; month < o.months; ++month) kept *= kResaleMonthlyFactor;
    BillLine purchase;
    purchase.kind = LineKind::purchase;
    purchase.item = "purchase";
    purchase.quantity = o.machines;
    purchase.unit_price = o.price;
    purchase.amount = round_to(o.machines * o.price * (1 - kept), 2);
    purchase.basis = say(lang, msg::own_purchase,
                         {{"machines", o.machines},
                          {"price", format_money(lang, o.price, money.currency)},
                          {"months", o.months},
                          {"resale", format_sig(kept * 100, 3) + " %"}});
    BillLine hosting;
    hosting.kind = LineKind::hosting;
    hosting.item = "hosting";
    hosting.quantity = o.machines;
    hosting.months = o.months;
    hosting.unit_price = o.hosting_per_month;
    hosting.amount = round_to(o.machines * o.months * o.hosting_per_month, 2);
    hosting.basis = say(lang, msg::own_hosting,
                        {{"machines", o.machines},
                         {"months", o.months},
                         {"per_month", format_money(lang, o.hosting_per_month, money.currency)},
                         {"basis", o.hosting_basis}});
    BillLine power;
    power.kind = LineKind::power;
    power.item = "power";
    power.quantity = o.machines;
    const double hours = rented.run.wall_days * 24;
    power.unit_price = o.power_per_kwh;
    power.amount = round_to(o.machines * o.power.kw * o.pue * hours * o.power_per_kwh, 2);
    power.basis = say(lang, msg::own_power,
                      {{"machines", o.machines},
                       {"kw", format_sig(o.power.kw, 3)},
                       {"pue", format_sig(o.pue, 3)},
                       {"hours", format_sig(hours, 4)},
                       {"kwh", price_text(lang, o.power_per_kwh, money.currency)}});
    o.lines = {purchase, hosting, power};
    for (const BillLine& l : o.lines) o.amount += l.amount;
    o.amount = round_to(o.amount, 2);
    o.job_offer = rented.offer->id;
    o.job_rental_amount = rented.cost->amount;
    out.push_back(std::move(o));
  }
  return out;
}

}  // namespace gpusizer
