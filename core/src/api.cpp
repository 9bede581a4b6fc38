#include "gpusizer/api.hpp"

#include <exception>

#include "gpusizer/estimate.hpp"
#include "gpusizer/json_io.hpp"

#ifndef GPUSIZER_VERSION
#define GPUSIZER_VERSION "0.0.0"
#endif

namespace gpusizer {

namespace {
// Last resort when even building the error response fails (memory exhausted).
constexpr const char* kFallback =
    R"({"ok":false,"schemaVersion":1,"error":{"code":"internal_error","path":"","message":"could not build a response"}})";
}  // namespace

std::string estimate_json(const std::string& request) noexcept {
  try {
    try {
      return response_json(estimate(parse_request(request)));
    } catch (const Error& e) {
      return error_json(e);
    } catch (const std::exception& e) {
      return error_json(Error(errc::internal_error, "", std::string("unexpected: ") + e.what()));
    } catch (...) {
      return error_json(Error(errc::internal_error, "", "unexpected failure"));
    }
  } catch (...) {
    return kFallback;
  }
}

std::string catalog_json() noexcept {
  try {
    return default_catalog_json();
  } catch (...) {
    return "{}";
  }
}

const char* version() noexcept { return GPUSIZER_VERSION; }

}  // namespace gpusizer
