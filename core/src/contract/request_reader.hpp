// Request JSON -> typed Request: every field read with its JSON pointer, so an error names it.
#pragma once

#include <string>

#include "estimate/request.hpp"

namespace gpusizer {

inline constexpr int kSchemaVersion = 1;

// Throws gpusizer::Error with the JSON pointer of the offending field.
Request parse_request(const std::string& text);

}  // namespace gpusizer
