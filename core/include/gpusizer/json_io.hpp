// The only place that knows the contract's key names: request JSON -> Request, Result ->
// response JSON (contract v1 of DESIGN.md, extended, never renamed).
#pragma once

#include <string>

#include "gpusizer/error.hpp"
#include "gpusizer/request.hpp"
#include "gpusizer/result.hpp"

namespace gpusizer {

inline constexpr int kSchemaVersion = 1;

// Throws gpusizer::Error with the JSON pointer of the offending field.
Request parse_request(const std::string& text);

std::string response_json(const Result& result);
std::string error_json(const Error& error);

}  // namespace gpusizer
