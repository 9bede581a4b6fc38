// The boundary's one rule: whatever the work throws comes back as the contract's error
// response, never as an exception (internal).
#pragma once

#include <exception>
#include <string>

#include "contract/response_writer.hpp"
#include "gpusizer/error.hpp"

namespace gpusizer {

// Last resort when even building the error response fails (memory exhausted).
inline constexpr const char* kFallbackError =
    R"({"ok":false,"schemaVersion":1,"error":{"code":"internal_error","path":"","message":"could not build a response"}})";

// Runs `answer`, turning whatever it throws into the contract's error response; `lang` names the
// field at fault in the language its message was written in.
template <class F>
std::string guarded(Lang lang, F&& answer) noexcept {
  try {
    try {
      return answer();
    } catch (const Error& e) {
      return write_error(e, lang);
    } catch (const std::exception& e) {
      return write_error(Error(errc::internal_error, "", std::string("unexpected: ") + e.what()), lang);
    } catch (...) {
      return write_error(Error(errc::internal_error, "", "unexpected failure"), lang);
    }
  } catch (...) {
    return kFallbackError;
  }
}

}  // namespace gpusizer
