// Typed Result and Report -> response JSON (contract v1, extended, never renamed); errors as JSON.
#pragma once

#include <string>

#include "gpusizer/error.hpp"
#include "estimate/result.hpp"
#include "report/report.hpp"

namespace gpusizer {

// The whole response, the numbers and their words; with OptionsDetail::summary each option
// carries only what a first view shows (request "response": {"options": "summary"}).
std::string write_response(const Result& result, const Report& report, OptionsDetail options = OptionsDetail::full);
// One option in full, as options[] of a full response has it: {"ok", "schemaVersion",
// "catalogVersion", "option"}.
std::string write_option(const Result& result, const Option& option);
// {"ok": false, "schemaVersion", "error": {"code", "path", "message", "field", "label"}}: the
// message led by the field's words in `lang` (diagnostics/fields.hpp), when the path names one.
std::string write_error(const Error& error, Lang lang = Lang::en);

}  // namespace gpusizer
