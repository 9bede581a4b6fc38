// Typed Result -> response JSON (contract v1, extended, never renamed); errors as JSON.
#pragma once

#include <string>

#include "gpusizer/error.hpp"
#include "result.hpp"

namespace gpusizer {

// The whole response; with OptionsDetail::summary each option carries only what a first view
// shows (request "response": {"options": "summary"}; README).
std::string write_response(const Result& result, OptionsDetail options = OptionsDetail::full);
// One option in full, as options[] of a full response has it: {"ok", "schemaVersion",
// "catalogVersion", "option"}.
std::string write_option(const Result& result, const Option& option);
std::string write_error(const Error& error);

}  // namespace gpusizer
