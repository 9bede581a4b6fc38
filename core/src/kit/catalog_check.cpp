#include "kit/catalog_check.hpp"

#include <set>

#include "common/numbers.hpp"
#include "diagnostics/fields.hpp"
#include "contract/catalog_reader.hpp"
#include "contract/default_catalog.hpp"
#include "contract/json_read.hpp"
#include "contract/limits.hpp"
#include "contract/request_reader.hpp"
#include "rental/market.hpp"

namespace gpusizer {
namespace kit {

using jsonio::JsonOut;

void write_error(JsonOut& out, const Error& e, Lang lang, long row, const std::string& column) {
  const auto field = field_name(lang, e.path());
  out.object().key("code").value(e.code()).key("path").value(e.path()).key("message");
  out.value(field ? with_field(lang, field->label, e.message()) : e.message());
  if (field) out.key("field").value(field->id).key("label").value(field->label);
  if (row) out.key("row").value(row);
  if (!column.empty()) out.key("column").value(column);
  out.end();
}

void write_warnings(JsonOut& out, const std::vector<Warning>& warnings, Lang lang) {
  out.array();
  const std::size_t shown = warnings.size() <= jsonio::kMaxWarnings ? warnings.size() : jsonio::kMaxWarnings - 1;
  for (std::size_t i = 0; i < shown; ++i) {
    out.object().key("code").value(warnings[i].code).key("message").value(warnings[i].message);
    if (!warnings[i].path.empty()) {
      out.key("path").value(warnings[i].path);
      if (const auto field = field_name(lang, warnings[i].path)) out.key("field").value(field->id).key("label").value(field->label);
    }
    out.end();
  }
  if (shown < warnings.size())
    out.object()
        .key("code")
        .value(warnc::more_warnings)
        .key("message")
        .value(say(lang, msg::warning_more_warnings, {{"count", static_cast<long>(warnings.size() - shown)}}))
        .end();
  out.end();
}

namespace {

// A price per GPU-hour in a message: "¥2.35", "$0.82".
std::string per_gpu_hour(double x, const std::string& currency) {
  const std::string symbol = currency == "USD" ? "$" : currency == "CNY" ? "¥" : currency + " ";
  return symbol + format_sig(x, 3);
}

constexpr msg::Id kPeriodWords[] = {msg::market_by_hour, msg::market_by_day, msg::market_by_month, msg::market_by_year};

}  // namespace

std::string market_section(const std::vector<OfferAt>& offers, double usd_cny, Lang lang, std::vector<Warning>& warnings) {
  const Catalog& market = *default_catalog();
  JsonOut out;
  out.object();
  out.key("rule").value(say(lang, msg::market_rule,
                            {{"low", format_sig(kLowRatio, 2)},
                             {"high", format_sig(kHighRatio, 2)},
                             {"min", kMinMarketOffers},
                             {"rate", format_sig(usd_cny, 6)}}));
  out.key("low").value(kLowRatio).key("high").value(kHighRatio).key("minOffers").value(static_cast<long>(kMinMarketOffers));
  out.key("usdCny").value(usd_cny);
  out.key("offers").array();
  for (std::size_t i = 0; i < offers.size(); ++i) {
    const OfferAt& at = offers[i];
    const Offer& o = *at.offer;
    const auto check = check_against_market(o, market, usd_cny);
    if (!check) continue;
    const char* period = period_name(check->rate.period);
    const std::string path = jsonio::pointer(at.price_path, period);
    const bool reference = check->verdict != MarketVerdict::no_reference;
    out.object().key("offer").value(static_cast<long>(i));
    if (at.row) out.key("row").value(at.row);
    out.key("id").value(o.id).key("gpu").value(o.gpu).key("currency").value(o.currency).key("period").value(period);
    out.key("pricePerGpuHour").value(round_sig(check->rate.per_gpu_hour, 4));
    out.key("marketOffers").value(static_cast<long>(check->market_offers));
    if (reference) out.key("median").value(round_sig(check->median, 4)).key("ratio").value(round_sig(check->ratio, 3));
    out.key("verdict").value(verdict_name(check->verdict)).key("path").value(path).end();
    if (check->verdict == MarketVerdict::below || check->verdict == MarketVerdict::above) {
      const Gpu* gpu = market.find_gpu(o.gpu);
      const bool below = check->verdict == MarketVerdict::below;
      warnings.push_back({below ? kitwarnc::price_below_market : kitwarnc::price_above_market, path,
                          say(lang, below ? msg::warning_price_below_market : msg::warning_price_above_market,
                              {{"price", per_gpu_hour(check->rate.per_gpu_hour, o.currency)},
                               {"period", say(lang, kPeriodWords[static_cast<int>(check->rate.period)])},
                               {"ratio", format_sig(check->ratio, 2)},
                               {"count", check->market_offers},
                               {"gpu", gpu ? gpu->name.in(lang) : o.gpu},
                               {"median", per_gpu_hour(check->median, o.currency)},
                               {"low", format_sig(kLowRatio, 2)},
                               {"high", format_sig(kHighRatio, 2)}})});
    }
  }
  out.end().end();
  return out.text();
}

}  // namespace kit

namespace {

using jsonio::Value;
using jsonio::find;

// Every offer's first error, in the order a request's reader meets them, so that the first of
// them is the error the request would get; the reader itself (merge_catalog) has the last word.
std::vector<Error> offer_errors(const Value& doc, Lang lang) {
  std::vector<Error> errors;
  if (!doc.is_object()) return errors;
  std::vector<Warning> scratch;
  jsonio::Reader reader(scratch, lang);
  Value rest = doc;
  rest.erase("offers");
  Catalog base;
  try {
    base = jsonio::merge_catalog(*default_catalog(), rest, "", reader);
  } catch (const Error& e) {
    errors.push_back(e);
    return errors;
  }
  const Value* offers = find(doc, "offers");
  if (!offers || !offers->is_array() || offers->size() > jsonio::kMaxOffers) return errors;
  bool keep = false;
  if (const Value* k = find(doc, "includeDefaultOffers"); k && k->is_boolean()) keep = k->get<bool>();
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
  std::vector<Warning> warnings;
  jsonio::Value doc;
  jsonio::JsonOut out;
  try {
    std::vector<std::string> duplicate_keys;
    doc = jsonio::parse_limited(text, lang, jsonio::Document::catalog, &duplicate_keys);
    jsonio::Reader reader(warnings, lang);
    reader.warn_duplicate_keys(duplicate_keys);
    const Catalog merged = jsonio::merge_catalog(*default_catalog(), doc, "", reader);
    // The provider's own offers are the last ones (after the default offers it keeps).
    const jsonio::Value* own_offers = find(doc, "offers");
    const std::size_t own = own_offers ? own_offers->size() : 0;
    std::vector<kit::OfferAt> offers;
    for (std::size_t i = 0; i < own; ++i)
      offers.push_back({&merged.offers[merged.offers.size() - own + i], jsonio::pointer(jsonio::pointer("/offers", i), "prices"), 0});
    const std::string market = kit::market_section(offers, merged.fx.usd_cny, lang, warnings);
    out.object().key("ok").value(true).key("schemaVersion").value(static_cast<long>(kSchemaVersion));
    out.key("offers").value(static_cast<long>(own)).key("warnings");
    kit::write_warnings(out, warnings, lang);
    out.key("market").raw(market).end();
    return out.text();
  } catch (const Error& e) {
    const std::vector<Error> found = offer_errors(doc, lang);
    bool listed = false;
    for (const Error& x : found) listed = listed || (x.path() == e.path() && x.message() == e.message());
    std::vector<Error> errors;
    if (!listed) errors.push_back(e);
    for (const Error& x : found) errors.push_back(x);
    out.object().key("ok").value(false).key("schemaVersion").value(static_cast<long>(kSchemaVersion)).key("error");
    kit::write_error(out, e, lang);
    out.key("errors").array();
    for (std::size_t i = 0; i < errors.size() && i < jsonio::kMaxWarnings; ++i) kit::write_error(out, errors[i], lang);
    out.end().key("errorCount").value(static_cast<long>(errors.size())).key("warnings");
    kit::write_warnings(out, warnings, lang);
    out.end();
    return out.text();
  }
}

}  // namespace gpusizer
