// Reading JSON with a JSON-pointer path for every value, so each error names its field
// (internal to json_io).
#pragma once

#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "gpusizer/error.hpp"
#include "report/warning.hpp"

namespace gpusizer::jsonio {

using nlohmann::json;

// RFC 6901 escaping of one reference token.
std::string pointer(const std::string& parent, const std::string& key);
std::string pointer(const std::string& parent, std::size_t index);

[[noreturn]] void fail(const char* code, const std::string& path, const std::string& message);

// Messages follow the request's "lang" once it has been read (per thread: estimate_json may
// run on several threads at once natively).
void set_message_language(const std::string& lang);
std::string msg(const std::string& en, const std::string& zh);

const json& expect_object(const json& value, const std::string& path);
const json& expect_array(const json& value, const std::string& path);

// Warns about keys outside `allowed` (a typo such as "param" must not pass silently).
void warn_unknown_keys(const json& object, const std::string& path, std::initializer_list<const char*> allowed,
                       std::vector<Warning>& warnings);

const json* find(const json& object, const char* key);

std::string read_string(const json& value, const std::string& path);
bool read_bool(const json& value, const std::string& path);
// A JSON number, or a string a person would write ("7B", "70亿", "1,000"), within [min, max].
double read_quantity(const json& value, const std::string& path, double min, double max, bool min_exclusive,
                     const std::string& example);
// A whole number within [min, max]; strings allowed as for quantities.
int read_int(const json& value, const std::string& path, int min, int max);
std::string read_enum(const json& value, const std::string& path, std::initializer_list<const char*> allowed);

}  // namespace gpusizer::jsonio
