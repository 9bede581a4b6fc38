// The public API of the gpusizer core: JSON in, JSON out, nothing thrown. The CLI, the wasm
// binding and the golden tests all go through these functions; everything else is private
// (core/src).
#pragma once

#include <cstddef>
#include <string>

#include "gpusizer/error.hpp"

namespace gpusizer {

// Contract v1 (docs/contract.md): {"ok": true, "result": ...} or
// {"ok": false, "error": {"code", "path", "message"}}.
std::string estimate_json(const std::string& request) noexcept;

// One option of the estimate `request` asks for, in full (everything options[] of a full
// response carries for it): {"ok": true, "schemaVersion", "catalogVersion", "option": {...}}, or
// {"ok": false, "error"} (unknown_offer when the estimate has no option `offer_id`). The detail a
// summary response ("response": {"options": "summary"}) leaves out, asked for on demand: the
// last estimate is kept, so asking with the request just estimated costs no second estimate.
std::string option_detail_json(const std::string& request, const std::string& offer_id) noexcept;

// The default catalog (GPUs, offers, model presets) as one JSON document, with the request
// vocabulary (enums and defaults) under "contract".
std::string catalog_json() noexcept;

// The claims of the renters' guide the calculator answers, each with the request that tests it
// and the figure the core computes now: {"claims": [{"id", "claim", "claimed", "claimedText",
// "computed", "unit", "request", "verdict", "explanation"}]}. `lang`: "en" or "zh".
std::string claims_json(const std::string& lang) noexcept;

// A provider's price list as a catalog: CSV (or tab- or semicolon-separated, as a spreadsheet
// exports or copies it), UTF-8 with or without a byte-order mark, one offer per row, the first row
// naming the columns after the catalog's offer fields (docs/provider.md, "Building a catalog
// from a price list"). {"ok": true, "catalog": {"offers": [...]}, "offerRows", "warnings", "market", "table"}
// or {"ok": false, "error": {"code", "path", "message"}, "errors": [{"code", "path", "message",
// "row", "column"}], "errorCount", "warnings", "table"}: every bad row's first error, at
// /rows/<row>/<column> with rows numbered as a spreadsheet numbers them (the header is row 1).
// "table" is the price list as read: {"delimiter", "columns", "names", "rows": [{"row", "cells"}]}.
// `lang`: "en" or "zh".
std::string catalog_from_csv(const std::string& csv, const std::string& lang) noexcept;

// A provider catalog (JSON text) checked exactly as a request's "catalog" is read, with the same
// messages; paths point into the catalog document (/offers/3/prices, which a request reports as
// /catalog/offers/3/prices). {"ok": true, "offers", "warnings", "market"} or {"ok": false,
// "error", "errors" (each offer's first error), "errorCount", "warnings"}. "market" compares each
// offer's lowest price per GPU-hour with the default catalog's offers for its GPU (the rule is
// in market.rule; prices far from the market are also warnings). `lang`: "en" or "zh".
std::string check_catalog(const std::string& catalog, const std::string& lang) noexcept;

// An error as the contract writes it, for failures outside estimate_json (the CLI's io_error).
std::string error_json(const Error& error) noexcept;

// The most bytes of request text estimate_json reads (docs/hardening.md, "Limits"): a caller reading a
// stream need keep no more than one byte past it, whatever the stream holds.
std::size_t max_request_bytes() noexcept;

const char* version() noexcept;

}  // namespace gpusizer
