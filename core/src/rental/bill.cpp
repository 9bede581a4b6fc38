#include "rental/bill.hpp"

#include <algorithm>
#include <cmath>

#include "common/numbers.hpp"
#include "diagnostics/duration.hpp"
#include "job/text_bytes.hpp"

namespace gpusizer {
namespace {

constexpr double kHoursPerMonth = 720;  // the catalog's month (catalog.hpp)
constexpr double kBytesPerGB = 1e9;     // storage and egress are sold by the decimal GB

double hours_to_move(double bytes, double mbps) { return mbps > 0 ? bytes * 8 / (mbps * 1e6) / 3600 : 0; }

BillLine line(LineKind kind, const char* item) {
  BillLine l;
  l.kind = kind;
  l.item = item;
  return l;
}

std::string months_text(double months) { return format_sig(months, 3); }

}  // namespace

const char* line_kind_name(LineKind k) {
  switch (k) {
    case LineKind::gpu: return "gpu";
    case LineKind::storage: return "storage";
    case LineKind::transfer: return "transfer";
    case LineKind::setup: return "setup";
    case LineKind::purchase: return "purchase";
    case LineKind::hosting: return "hosting";
    case LineKind::power: return "power";
  }
  return "gpu";
}

std::string price_text(Lang lang, double price, const std::string& currency) {
  const bool zh = lang == Lang::zh;
  const std::string symbol = currency == "USD" ? (zh ? "US$" : "$") : currency == "CNY" ? (zh ? "¥" : "CN¥") : currency + " ";
  return symbol + format_sig(price, 3);
}

// The user's line where given, else what the offer states; an offer that sells bandwidth sells
// what brings it up to the user's line (or to the default line when the user gave none and the
// offer includes none) for the months the data moves.
TransferPlan plan_transfer(const Offer& offer, const BillNeeds& needs) {
  TransferPlan t;
  t.included_mbps = offer.included_mbps.value_or(0);
  const bool sells = offer.bandwidth_price_per_mbps_month.has_value();
  if (needs.line_mbps) {
    t.mbps = *needs.line_mbps;
    t.limited_by = "line";
    if (sells) {
      t.bought_mbps = std::max(0.0, *needs.line_mbps - t.included_mbps);
    } else if (offer.included_mbps && *offer.included_mbps > 0 && *offer.included_mbps < t.mbps) {
      t.mbps = *offer.included_mbps;
      t.limited_by = "offer";
    }
  } else if (offer.included_mbps && *offer.included_mbps > 0) {
    t.mbps = *offer.included_mbps;
    t.limited_by = "offer";
  } else {
    t.mbps = kDefaultUploadMbps;
    t.limited_by = "default";
    if (sells) t.bought_mbps = kDefaultUploadMbps;
  }
  t.upload_hours = hours_to_move(needs.dataset_bytes, t.mbps);
  t.download_hours = hours_to_move(needs.final_bytes, t.mbps);
  if (t.bought_mbps > 0)
    t.bandwidth_months = std::max(1L, static_cast<long>(std::ceil(t.hours() / kHoursPerMonth - 1e-9)));
  return t;
}

std::vector<BillLine> extra_lines(const Offer& offer, int units, double covered_hours, double rate, const BillNeeds& needs) {
  std::vector<BillLine> out;
  const double months = covered_hours / kHoursPerMonth;
  // Add-ons every job pays, data or not: a public IP where the unit includes none (one for the
  // job: the other machines reach it over the private network), support where it is sold.
  if (offer.public_ip_price_per_month && !(offer.included_public_ips && *offer.included_public_ips >= 1)) {
    BillLine l = line(LineKind::setup, "public-ip");
    l.quantity = 1;
    l.months = months;
    l.unit_price = *offer.public_ip_price_per_month * rate;
    l.amount = round_to(*offer.public_ip_price_per_month * months * rate, 2);
    out.push_back(l);
  }
  if (offer.support_price_per_month) {
    BillLine l = line(LineKind::setup, "support");
    l.quantity = 1;
    l.months = months;
    l.unit_price = *offer.support_price_per_month * rate;
    l.amount = round_to(*offer.support_price_per_month * months * rate, 2);
    out.push_back(l);
  }
  if (!needs.data_given) return out;

  // Storage: everything at once for the time rented (the peak, kept from the start: the
  // dataset is there first, the checkpoints keep their number, the weights come at the end).
  BillLine s = line(LineKind::storage, "storage");
  const double stored_gb = needs.stored_bytes() / kBytesPerGB;
  const double included_gb = offer.storage_included_gb.value_or(0) * units;
  s.quantity = stored_gb;
  s.included = included_gb;
  s.months = months;
  if (stored_gb <= included_gb) {
    s.amount = 0;
  } else if (offer.storage_price_per_gb_month) {
    s.unit_price = *offer.storage_price_per_gb_month * rate;
    s.amount = round_to((stored_gb - included_gb) * *offer.storage_price_per_gb_month * months * rate, 2);
  } else {
    s.priced = false;
  }
  out.push_back(s);

  // Transfer: bandwidth bought where it is sold by the Mbit/s-month; the results downloaded at
  // the egress price (uploads are free to every offer that states a price for it).
  const TransferPlan t = plan_transfer(offer, needs);
  if (t.bought_mbps > 0 && offer.bandwidth_price_per_mbps_month) {
    BillLine b = line(LineKind::transfer, "bandwidth");
    b.quantity = t.bought_mbps;
    b.included = t.included_mbps;
    b.months = static_cast<double>(t.bandwidth_months);
    b.unit_price = *offer.bandwidth_price_per_mbps_month * rate;
    b.amount = round_to(t.bought_mbps * *offer.bandwidth_price_per_mbps_month * b.months * rate, 2);
    out.push_back(b);
  }
  BillLine e = line(LineKind::transfer, "egress");
  e.quantity = needs.final_bytes / kBytesPerGB;
  if (offer.egress_price_per_gb) {
    e.unit_price = *offer.egress_price_per_gb * rate;
    e.amount = round_to(e.quantity * *offer.egress_price_per_gb * rate, 2);
  } else {
    e.priced = false;
  }
  out.push_back(e);
  return out;
}

std::string describe_extra_lines(Lang lang, std::vector<BillLine>& lines, const Offer& offer, int units,
                                 const BillNeeds& needs, const std::string& currency) {
  std::string unpriced;
  auto add_unpriced = [&](const std::string& item) {
    unpriced += (unpriced.empty() ? "" : say(lang, msg::list_separator)) + item;
  };
  const std::string final_size = format_bytes(needs.final_bytes);
  const std::string what = say(lang, needs.adapters ? msg::what_adapters : msg::what_weights);
  for (BillLine& l : lines) {
    if (l.item == "setup-fee") {
      l.basis = say(lang, msg::bill_setup_fee, {{"fee", price_text(lang, l.unit_price, currency)}, {"units", units}});
    } else if (l.item == "public-ip") {
      l.basis = say(lang, msg::bill_public_ip, {{"months", months_text(l.months)}, {"price", price_text(lang, l.unit_price, currency)}});
    } else if (l.item == "support") {
      l.basis = say(lang, msg::bill_support, {{"months", months_text(l.months)}, {"price", price_text(lang, l.unit_price, currency)}});
    } else if (l.item == "storage") {
      std::string parts;
      auto part = [&](const std::string& p) { parts += (parts.empty() ? "" : " + ") + p; };
      if (needs.dataset_bytes > 0) part(say(lang, msg::part_dataset, {{"size", format_bytes(needs.dataset_bytes)}}));
      if (needs.checkpoints_kept > 0)
        part(say(lang, msg::part_checkpoints, {{"n", needs.checkpoints_kept}, {"size", format_bytes(needs.checkpoint_bytes)}}));
      part(say(lang, needs.adapters ? msg::part_adapters : msg::part_weights, {{"size", final_size}}));
      const std::string size = format_bytes(l.quantity * kBytesPerGB);
      const std::string included = format_bytes(l.included * kBytesPerGB);
      if (l.quantity <= l.included)
        l.basis = say(lang, msg::bill_storage_included, {{"size", size}, {"parts", parts}, {"included", included}});
      else if (l.priced)
        l.basis = say(lang, msg::bill_storage,
                      {{"size", size},
                       {"parts", parts},
                       {"less", l.included > 0 ? say(lang, msg::bill_storage_less, {{"included", included}}) : std::string()},
                       {"months", months_text(l.months)},
                       {"price", price_text(lang, l.unit_price, currency)}});
      else {
        l.basis = say(lang, msg::bill_storage_unpriced, {{"size", size}, {"parts", parts}, {"months", months_text(l.months)}});
        add_unpriced(say(lang, msg::item_storage_unpriced, {{"size", size}, {"duration", duration_text(lang, l.months * 30)}}));
      }
    } else if (l.item == "bandwidth") {
      const TransferPlan t = plan_transfer(offer, needs);
      l.basis = say(lang, msg::bill_bandwidth,
                    {{"mbps", format_sig(l.quantity, 4)},
                     {"included", format_sig(l.included, 4)},
                     {"line", format_sig(t.mbps, 4)},
                     {"months", months_text(l.months)},
                     {"price", price_text(lang, l.unit_price, currency)}});
    } else if (l.item == "egress") {
      if (!l.priced) {
        l.basis = say(lang, msg::bill_egress_unpriced, {{"size", final_size}, {"what", what}});
        add_unpriced(say(lang, msg::item_egress_unpriced, {{"size", final_size}}));
      } else if (l.unit_price == 0) {
        l.basis = say(lang, msg::bill_egress_free, {{"size", final_size}, {"what", what}});
      } else {
        l.basis = say(lang, msg::bill_egress, {{"size", final_size}, {"what", what}, {"price", price_text(lang, l.unit_price, currency)}});
      }
    }
  }
  return unpriced;
}

}  // namespace gpusizer
