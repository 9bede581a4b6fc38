// libFuzzer target: whatever the request, estimate_json answers with one JSON object holding
// "ok", never a crash, a hang or a non-finite number. Seeds: tests/golden/*.request.json.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "gpusizer/api.hpp"

namespace {

// nlohmann writes a non-finite double as null; the contract has no null anywhere.
bool has_null(const nlohmann::json& j) {
  if (j.is_null()) return true;
  if (j.is_structured())
    for (const auto& item : j)
      if (has_null(item)) return true;
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string request(reinterpret_cast<const char*>(data), size);
  const std::string response = gpusizer::estimate_json(request);
  const auto doc = nlohmann::json::parse(response, nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("ok")) std::abort();
  if (doc["ok"] == false && doc["error"]["code"] == "internal_error") std::abort();  // a bug, by definition
  if (has_null(doc)) std::abort();
  return 0;
}
