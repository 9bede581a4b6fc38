#include "gpusizer/api.hpp"

#include <exception>

#include "contract/default_catalog.hpp"
#include "contract/limits.hpp"
#include "contract/request_reader.hpp"
#include "contract/response_writer.hpp"
#include "estimate.hpp"
#include "report/claims.hpp"

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
      return write_response(estimate(parse_request(request)));
    } catch (const Error& e) {
      return write_error(e);
    } catch (const std::exception& e) {
      return write_error(Error(errc::internal_error, "", std::string("unexpected: ") + e.what()));
    } catch (...) {
      return write_error(Error(errc::internal_error, "", "unexpected failure"));
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

std::string claims_json(const std::string& lang) noexcept {
  try {
    return claims_document(lang == "zh" ? Lang::zh : Lang::en);
  } catch (...) {
    return R"({"claims":[]})";
  }
}

std::string error_json(const Error& error) noexcept {
  try {
    return write_error(error);
  } catch (...) {
    return kFallback;
  }
}

std::size_t max_request_bytes() noexcept { return jsonio::kMaxRequestBytes; }

const char* version() noexcept { return GPUSIZER_VERSION; }

}  // namespace gpusizer
