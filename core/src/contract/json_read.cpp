#include "contract/json_read.hpp"

#include <cmath>

#include "common/numbers.hpp"
#include "contract/quantity.hpp"

namespace gpusizer::jsonio {

std::string pointer(const std::string& parent, const std::string& key) {
  std::string token;
  for (char c : key) {
    if (c == '~')
      token += "~0";
    else if (c == '/')
      token += "~1";
    else
      token += c;
  }
  return parent + "/" + token;
}

std::string pointer(const std::string& parent, std::size_t index) { return parent + "/" + std::to_string(index); }

void fail(const char* code, const std::string& path, const std::string& message) { throw Error(code, path, message); }

namespace {
thread_local bool t_chinese = false;
}  // namespace

void set_message_language(const std::string& lang) { t_chinese = lang == "zh"; }
std::string msg(const std::string& en, const std::string& zh) { return t_chinese ? zh : en; }

namespace {

std::string type_name(const json& v) {
  switch (v.type()) {
    case json::value_t::null: return "null";
    case json::value_t::object: return msg("an object", "对象");
    case json::value_t::array: return msg("an array", "数组");
    case json::value_t::string: return msg("a string", "字符串");
    case json::value_t::boolean: return msg("a boolean", "布尔值");
    default: return msg("a number", "数字");
  }
}

[[noreturn]] void wrong_type(const json& v, const std::string& path, const std::string& wanted) {
  fail(errc::invalid_type, path, msg("must be " + wanted + ", got " + type_name(v), "应为" + wanted + "，实际为" + type_name(v)));
}

std::string shown(double x) { return format_sig(x, 6); }

}  // namespace

const json& expect_object(const json& value, const std::string& path) {
  if (!value.is_object()) wrong_type(value, path, msg("an object", "对象"));
  return value;
}

const json& expect_array(const json& value, const std::string& path) {
  if (!value.is_array()) wrong_type(value, path, msg("an array", "数组"));
  return value;
}

void warn_unknown_keys(const json& object, const std::string& path, std::initializer_list<const char*> allowed,
                       std::vector<Warning>& warnings) {
  for (auto it = object.begin(); it != object.end(); ++it) {
    bool known = false;
    for (const char* key : allowed) known = known || it.key() == key;
    if (known) continue;
    std::string list;
    for (const char* key : allowed) list += (list.empty() ? "" : ", ") + std::string(key);
    warnings.push_back({"unknown_field", pointer(path, it.key()), msg("ignored; known fields here: ", "已忽略；此处可用的字段：") + list});
  }
}

const json* find(const json& object, const char* key) {
  auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

std::string read_string(const json& value, const std::string& path) {
  if (!value.is_string()) wrong_type(value, path, msg("a string", "字符串"));
  return value.get<std::string>();
}

bool read_bool(const json& value, const std::string& path) {
  if (!value.is_boolean()) wrong_type(value, path, "true / false");
  return value.get<bool>();
}

double read_quantity(const json& value, const std::string& path, double min, double max, bool min_exclusive,
                     const std::string& example) {
  double x = 0;
  if (value.is_number()) {
    x = value.get<double>();
  } else if (value.is_string()) {
    const auto parsed = parse_quantity(value.get<std::string>());
    if (!parsed)
      fail(errc::invalid_value, path,
           msg("\"" + value.get<std::string>() + "\" is not a number; write it like " + example,
               "“" + value.get<std::string>() + "”不是数字；请写成 " + example + " 这样的形式"));
    x = *parsed;
  } else {
    wrong_type(value, path, msg("a number or a string like " + example, "数字或 " + example + " 这样的字符串"));
  }
  const bool too_small = min_exclusive ? !(x > min) : !(x >= min);
  if (too_small || !(x <= max) || !std::isfinite(x))
    fail(errc::invalid_value, path,
         msg("must be " + std::string(min_exclusive ? "> " : ">= ") + shown(min) + " and <= " + shown(max) + ", got " +
                 shown(x),
             "应" + std::string(min_exclusive ? "大于 " : "不小于 ") + shown(min) + " 且不大于 " + shown(max) + "，实际为 " +
                 shown(x)));
  return x;
}

int read_int(const json& value, const std::string& path, int min, int max) {
  const double x = read_quantity(value, path, min, max, false, std::to_string(min));
  if (x != std::floor(x))
    fail(errc::invalid_value, path, msg("must be a whole number, got " + shown(x), "应为整数，实际为 " + shown(x)));
  return static_cast<int>(x);
}

std::string read_enum(const json& value, const std::string& path, std::initializer_list<const char*> allowed) {
  const std::string s = read_string(value, path);
  std::string list;
  for (const char* a : allowed) {
    if (s == a) return s;
    list += (list.empty() ? "" : ", ") + std::string(a);
  }
  fail(errc::invalid_value, path,
       msg("must be one of " + list + ", got \"" + s + "\"", "应为以下之一：" + list + "，实际为“" + s + "”"));
}

}  // namespace gpusizer::jsonio
