// The one error type of the core: a stable code, a JSON-pointer path, a message.
// Like fmt's format_error and nlohmann's numbered exceptions, callers switch on
// `code`, never on the message text.
#pragma once

#include <stdexcept>
#include <string>

#include "gpusizer/codes.hpp"

namespace gpusizer {

class Error : public std::runtime_error {
 public:
  Error(std::string code, std::string path, const std::string& message)
      : std::runtime_error(message), code_(std::move(code)), path_(std::move(path)), message_(message) {}
  const std::string& code() const noexcept { return code_; }
  const std::string& path() const noexcept { return path_; }
  // The whole message (what() is a C string: it would end at a NUL the message quotes).
  const std::string& message() const noexcept { return message_; }

 private:
  std::string code_;
  std::string path_;
  std::string message_;
};

}  // namespace gpusizer
