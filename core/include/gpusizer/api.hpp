// The public API of the gpusizer core: JSON in, JSON out, nothing thrown. The CLI, the wasm
// binding and the golden tests all go through these functions; everything else is private
// (core/src).
#pragma once

#include <cstddef>
#include <string>

#include "gpusizer/error.hpp"

namespace gpusizer {

// Contract v1 (README "The JSON contract"): {"ok": true, "result": ...} or
// {"ok": false, "error": {"code", "path", "message"}}.
std::string estimate_json(const std::string& request) noexcept;

// The default catalog (GPUs, offers, model presets) as one JSON document, with the request
// vocabulary (enums and defaults) under "contract".
std::string catalog_json() noexcept;

// The claims of the renters' guide the calculator answers, each with the request that tests it
// and the figure the core computes now: {"claims": [{"id", "claim", "claimed", "claimedText",
// "computed", "unit", "request", "verdict", "explanation"}]}. `lang`: "en" or "zh".
std::string claims_json(const std::string& lang) noexcept;

// An error as the contract writes it, for failures outside estimate_json (the CLI's io_error).
std::string error_json(const Error& error) noexcept;

// The most bytes of request text estimate_json reads (README "Limits"): a caller reading a
// stream need keep no more than one byte past it, whatever the stream holds.
std::size_t max_request_bytes() noexcept;

const char* version() noexcept;

}  // namespace gpusizer
