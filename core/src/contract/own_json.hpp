// JSON the core holds or wrote itself: the embedded catalog, its vocabulary, the claims'
// requests and answers (internal).
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

namespace gpusizer::jsonio {

// Parsed without limits or error messages for users: the text is well formed by construction
// (a malformed one is a bug: std::logic_error, which the API reports as internal_error).
nlohmann::json parse_own(std::string_view text);

}  // namespace gpusizer::jsonio
