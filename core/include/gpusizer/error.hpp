// The one error type of the core: a stable code, a JSON-pointer path, a message.
// Like fmt's format_error and nlohmann's numbered exceptions, callers switch on
// `code`, never on the message text.
#pragma once

#include <stdexcept>
#include <string>

namespace gpusizer {

// Stable error codes (part of the JSON contract; never rename).
namespace errc {
inline constexpr const char* invalid_json = "invalid_json";          // request is not JSON
inline constexpr const char* invalid_type = "invalid_type";          // wrong JSON type at path
inline constexpr const char* invalid_value = "invalid_value";        // right type, value not allowed
inline constexpr const char* missing_field = "missing_field";        // a required field is absent
inline constexpr const char* unknown_preset = "unknown_preset";      // model.preset not in catalog
inline constexpr const char* unknown_gpu = "unknown_gpu";            // GPU id not in catalog
inline constexpr const char* unsupported_version = "unsupported_version";
inline constexpr const char* invalid_catalog = "invalid_catalog";    // a supplied catalog is malformed
inline constexpr const char* io_error = "io_error";                  // CLI could not read the request file
inline constexpr const char* internal_error = "internal_error";      // a bug: never expected
}  // namespace errc

class Error : public std::runtime_error {
 public:
  Error(std::string code, std::string path, const std::string& message)
      : std::runtime_error(message), code_(std::move(code)), path_(std::move(path)) {}
  const std::string& code() const noexcept { return code_; }
  const std::string& path() const noexcept { return path_; }

 private:
  std::string code_;
  std::string path_;
};

}  // namespace gpusizer
