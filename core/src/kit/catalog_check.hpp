// A provider's catalog checked on its own, and a price list (CSV) made into one: the JSON
// documents behind check_catalog and catalog_from_csv (gpusizer/api.hpp). Internal to contract/.
#pragma once

#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "contract/json_write.hpp"
#include "gpusizer/error.hpp"
#include "diagnostics/warning.hpp"

namespace gpusizer {

// {"ok": true, "schemaVersion", "offers", "warnings", "market"} or {"ok": false, "schemaVersion",
// "error", "errors", "errorCount", "warnings"}. Throws nothing but std::bad_alloc.
std::string check_catalog_document(const std::string& text, Lang lang);

// {"ok": true, "schemaVersion", "catalog", "offerRows", "warnings", "market", "table"} or
// {"ok": false, "schemaVersion", "error", "errors", "errorCount", "warnings", "table"}.
std::string catalog_from_csv_document(const std::string& csv, Lang lang);

namespace kit {

// One offer of a catalog being checked, for the market section: where it is and what it is.
struct OfferAt {
  const Offer* offer;
  std::string price_path;  // where its prices are: /offers/3/prices (JSON) or /rows/5 (CSV)
  long row;                // the CSV row, 0 for a JSON catalog
};

// The "market" section (JSON text) and its warnings (rental/market.hpp): each offer against the
// default catalog's offers for its GPU, currencies converted at usd_cny.
std::string market_section(const std::vector<OfferAt>& offers, double usd_cny, Lang lang, std::vector<Warning>& warnings);

// Warnings as the response writer writes them, at most kMaxWarnings.
void write_warnings(jsonio::JsonOut& out, const std::vector<Warning>& warnings, Lang lang);

// {"code", "path", "message"} (with "field" and "label" where the path names a field,
// diagnostics/fields.hpp) and, for a price list, "row" and "column".
void write_error(jsonio::JsonOut& out, const Error& e, Lang lang, long row = 0, const std::string& column = "");

}  // namespace kit
}  // namespace gpusizer
