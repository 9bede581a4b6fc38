// The boundary: JSON in, JSON out, nothing thrown. The CLI, the wasm binding and the
// golden tests all go through these three functions.
#pragma once

#include <string>

namespace gpusizer {

// Contract v1 (README "JSON contract"): {"ok": true, "result": ...} or
// {"ok": false, "error": {"code", "path", "message"}}.
std::string estimate_json(const std::string& request) noexcept;

// The default catalog (GPUs, offers, model presets) as one JSON document.
std::string catalog_json() noexcept;

const char* version() noexcept;

}  // namespace gpusizer
