// What a request may hold, checked before any work is done (README "Limits"): anything larger
// is refused with invalid_value and the path, so no input can make an answer slow or huge.
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "report/messages.hpp"

namespace gpusizer::jsonio {

inline constexpr std::size_t kMaxRequestBytes = 2 * 1024 * 1024;  // 2 MiB of JSON text
inline constexpr int kMaxDepth = 64;                              // nested objects and arrays
inline constexpr std::size_t kMaxStringBytes = 1024;              // any string or key
inline constexpr std::size_t kMaxOffers = 2000;                   // offers in a request catalog
inline constexpr std::size_t kMaxGpus = 500;                      // GPUs in a request catalog
inline constexpr std::size_t kMaxModels = 500;                    // models in a request catalog
inline constexpr std::size_t kMaxWarnings = 50;                   // warnings in one response
inline constexpr std::size_t kMaxEchoChars = 80;                  // characters of input quoted back

// The request text parsed under the limits above: size, depth and string length are checked
// while parsing, with the JSON pointer of the value at fault. Throws gpusizer::Error.
nlohmann::json parse_limited(const std::string& text);
// The same for a document that is not a request (a catalog checked on its own, which has no
// "lang"): errors in `lang`, naming the document.
enum class Document { request, catalog };
nlohmann::json parse_limited(const std::string& text, Lang lang, Document document);

// Input quoted back in a message: at most kMaxEchoChars characters (whole UTF-8 characters),
// with an ellipsis when cut.
std::string echo(const std::string& text);

}  // namespace gpusizer::jsonio
