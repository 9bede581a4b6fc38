#include "contract/catalog_check.hpp"

#include <set>

#include "common/numbers.hpp"
#include "contract/catalog_reader.hpp"
#include "contract/default_catalog.hpp"
#include "contract/json_read.hpp"
#include "contract/limits.hpp"
#include "contract/request_reader.hpp"
#include "rental/market.hpp"

namespace gpusizer {
namespace kit {

std::string dump(const ojson& doc) { return doc.dump(-1, ' ', false, ojson::error_handler_t::replace); }

ojson error_json(const Error& e) { return {{"code", e.code()}, {"path", e.path()}, {"message", e.what()}}; }

ojson warnings_json(const std::vector<Warning>& warnings, Lang lang) {
  ojson out = ojson::array();
  const std::size_t shown = warnings.size() <= jsonio::kMaxWarnings ? warnings.size() : jsonio::kMaxWarnings - 1;
  for (std::size_t i = 0; i < shown; ++i) {
    ojson j = {{"code", warnings[i].code}, {"message", warnings[i].message}};
    if (!warnings[i].path.empty()) j["path"] = warnings[i].path;
    out.push_back(std::move(j));
  }
  if (shown < warnings.size())
    out.push_back({{"code", warnc::more_warnings},
                   {"message", say(lang, msg::warning_more_warnings, {{"count", static_cast<long>(warnings.size() - shown)}})}});
  return out;
}

namespace {

// A price per GPU-hour in a message: "¥2.35", "$0.82".
std::string per_gpu_hour(double x, const std::string& currency) {
  const std::string symbol = currency == "USD" ? "$" : currency == "CNY" ? "¥" : currency + " ";
  return symbol + format_sig(x, 3);
}

msg::Id period_words(Period p) {
  switch (p) {
    case Period::day: return msg::market_by_day;
    case Period::month: return msg::market_by_month;
    case Period::year: return msg::market_by_year;
    default: return msg::market_by_hour;
  }
}

}  // namespace

ojson market_section(const std::vector<OfferAt>& offers, double usd_cny, Lang lang, std::vector<Warning>& warnings) {
  const Catalog& market = *default_catalog();
  ojson list = ojson::array();
  for (std::size_t i = 0; i < offers.size(); ++i) {
    const OfferAt& at = offers[i];
    const Offer& o = *at.offer;
    const auto check = check_against_market(o, market, usd_cny);
    if (!check) continue;
    ojson j;
    j["offer"] = i;
    if (at.row) j["row"] = at.row;
    j["id"] = o.id;
    j["gpu"] = o.gpu;
    j["currency"] = o.currency;
    j["period"] = period_name(check->rate.period);
    j["pricePerGpuHour"] = round_sig(check->rate.per_gpu_hour, 4);
    j["marketOffers"] = check->market_offers;
    if (check->verdict != MarketVerdict::no_reference) {
      j["median"] = round_sig(check->median, 4);
      j["ratio"] = round_sig(check->ratio, 3);
    }
    j["verdict"] = verdict_name(check->verdict);
    j["path"] = jsonio::pointer(at.price_path, period_name(check->rate.period));
    if (check->verdict == MarketVerdict::below || check->verdict == MarketVerdict::above) {
      const Gpu* gpu = market.find_gpu(o.gpu);
      const bool below = check->verdict == MarketVerdict::below;
      warnings.push_back({below ? warnc::price_below_market : warnc::price_above_market, j["path"].get<std::string>(),
                          say(lang, below ? msg::warning_price_below_market : msg::warning_price_above_market,
                              {{"price", per_gpu_hour(check->rate.per_gpu_hour, o.currency)},
                               {"period", say(lang, period_words(check->rate.period))},
                               {"ratio", format_sig(check->ratio, 2)},
                               {"count", check->market_offers},
                               {"gpu", gpu ? gpu->name.in(lang) : o.gpu},
                               {"median", per_gpu_hour(check->median, o.currency)},
                               {"low", format_sig(kLowRatio, 2)},
                               {"high", format_sig(kHighRatio, 2)}})});
    }
    list.push_back(std::move(j));
  }
  ojson section;
  section["rule"] = say(lang, msg::market_rule,
                        {{"low", format_sig(kLowRatio, 2)},
                         {"high", format_sig(kHighRatio, 2)},
                         {"min", kMinMarketOffers},
                         {"rate", format_sig(usd_cny, 6)}});
  section["low"] = kLowRatio;
  section["high"] = kHighRatio;
  section["minOffers"] = kMinMarketOffers;
  section["usdCny"] = usd_cny;
  section["offers"] = std::move(list);
  return section;
}

}  // namespace kit

namespace {

using kit::ojson;
using nlohmann::json;

// Every offer's first error, in the order a request's reader meets them, so that the first of
// them is the error the request would get; the reader itself (merge_catalog) has the last word.
std::vector<Error> offer_errors(const json& doc, Lang lang) {
  std::vector<Error> errors;
  if (!doc.is_object()) return errors;
  std::vector<Warning> scratch;
  jsonio::Reader reader(scratch, lang);
  json rest = doc;
  rest.erase("offers");
  Catalog base;
  try {
    base = jsonio::merge_catalog(*default_catalog(), rest, "", reader);
  } catch (const Error& e) {
    errors.push_back(e);
    return errors;
  }
  const json* offers = jsonio::find(doc, "offers");
  if (!offers || !offers->is_array() || offers->size() > jsonio::kMaxOffers) return errors;
  bool keep = false;
  if (const json* k = jsonio::find(doc, "includeDefaultOffers"); k && k->is_boolean()) keep = k->get<bool>();
  std::set<std::string> ids;
  if (keep)
    for (const Offer& o : base.offers) ids.insert(o.id);
  for (std::size_t i = 0; i < offers->size(); ++i) {
    const std::string path = jsonio::pointer("/offers", i);
    try {
      const Offer o = jsonio::read_offer(base, (*offers)[i], path, reader);
      if (!ids.insert(o.id).second)
        reader.fail(errc::invalid_catalog, jsonio::pointer(path, "id"), msg::error_offer_id_twice, {{"id", jsonio::echo(o.id)}});
    } catch (const Error& e) {
      errors.push_back(e);
    }
  }
  return errors;
}

}  // namespace

std::string check_catalog_document(const std::string& text, Lang lang) {
  ojson out;
  std::vector<Warning> warnings;
  json doc;
  try {
    doc = jsonio::parse_limited(text, lang, jsonio::Document::catalog);
    jsonio::Reader reader(warnings, lang);
    const Catalog merged = jsonio::merge_catalog(*default_catalog(), doc, "", reader);
    // The provider's own offers are the last ones (after the default offers it keeps).
    const std::size_t own = doc.is_object() && doc.contains("offers") ? doc["offers"].size() : 0;
    std::vector<kit::OfferAt> offers;
    for (std::size_t i = 0; i < own; ++i) {
      const std::string path = jsonio::pointer("/offers", i);
      offers.push_back({&merged.offers[merged.offers.size() - own + i], path, jsonio::pointer(path, "prices"), 0});
    }
    out["ok"] = true;
    out["schemaVersion"] = kSchemaVersion;
    out["offers"] = own;
    ojson market = kit::market_section(offers, merged.fx.usd_cny, lang, warnings);
    out["warnings"] = kit::warnings_json(warnings, lang);
    out["market"] = std::move(market);
    return kit::dump(out);
  } catch (const Error& e) {
    std::vector<Error> errors = doc.is_discarded() || doc.is_null() ? std::vector<Error>{} : offer_errors(doc, lang);
    bool listed = false;
    for (const Error& x : errors) listed = listed || (x.path() == e.path() && std::string(x.what()) == e.what());
    if (!listed) errors.insert(errors.begin(), e);
    out["ok"] = false;
    out["schemaVersion"] = kSchemaVersion;
    out["error"] = kit::error_json(e);
    ojson list = ojson::array();
    for (std::size_t i = 0; i < errors.size() && i < jsonio::kMaxWarnings; ++i) list.push_back(kit::error_json(errors[i]));
    out["errors"] = std::move(list);
    out["errorCount"] = errors.size();
    out["warnings"] = kit::warnings_json(warnings, lang);
    return kit::dump(out);
  }
}

}  // namespace gpusizer
