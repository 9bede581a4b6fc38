#include "contract/json_read.hpp"

#include <algorithm>
#include <cmath>

#include "common/numbers.hpp"
#include "common/text.hpp"
#include "contract/limits.hpp"
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

namespace {

std::string shown(double x) { return format_sig(x, 6); }

std::string joined(Lang lang, std::initializer_list<const char*> items) {
  std::string out;
  for (const char* item : items) out += (out.empty() ? "" : say(lang, msg::list_separator)) + std::string(item);
  return out;
}

// Keys compared as people mistype them: case, '_', '-' and spaces do not count.
std::string folded(const std::string& key) {
  std::string out;
  for (char c : key)
    if (c != '_' && c != '-' && c != ' ') out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  return out;
}

// The allowed key an unknown one most likely meant: the single nearest, within a quarter of
// its length (at least 1, at most 3 edits); none when two are as near or none is near.
const char* close_match(const std::string& key, std::initializer_list<const char*> allowed) {
  const std::string k = folded(key);
  const char* best = nullptr;
  std::size_t best_distance = 0;
  bool tie = false;
  for (const char* candidate : allowed) {
    const std::string c = folded(candidate);
    const std::size_t limit = std::min<std::size_t>(3, std::max<std::size_t>(1, c.size() / 4));
    // Lengths alone bound the distance: skip long keys cheaply.
    const std::size_t gap = k.size() > c.size() ? k.size() - c.size() : c.size() - k.size();
    if (gap > limit) continue;
    const std::size_t d = edit_distance(k, c);
    if (d > limit || d >= c.size()) continue;
    if (!best || d < best_distance) {
      best = candidate;
      best_distance = d;
      tie = false;
    } else if (d == best_distance) {
      tie = true;
    }
  }
  return tie ? nullptr : best;
}

}  // namespace

void Reader::fail(const char* code, const std::string& path, msg::Id id, std::initializer_list<Arg> args) const {
  throw Error(code, path, say(lang_, id, args));
}

void Reader::warn(const char* code, const std::string& path, msg::Id id, std::initializer_list<Arg> args) {
  // Past kMaxWarnings a warning is only counted (response_writer shows the first ones): a
  // catalog of thousands of unknown keys must not cost thousands of sentences.
  warnings_.push_back({code, path, warnings_.size() < kMaxWarnings ? say(lang_, id, args) : std::string()});
}

std::string Reader::type_name(const Value& v) const {
  switch (v.type()) {
    case Value::value_t::null: return "null";
    case Value::value_t::object: return say(lang_, msg::type_object);
    case Value::value_t::array: return say(lang_, msg::type_array);
    case Value::value_t::string: return say(lang_, msg::type_string);
    case Value::value_t::boolean: return say(lang_, msg::type_boolean);
    default: return say(lang_, msg::type_number);
  }
}

void Reader::wrong_type(const Value& v, const std::string& path, const std::string& wanted) const {
  fail(errc::invalid_type, path, msg::error_wrong_type, {{"wanted", wanted}, {"got", type_name(v)}});
}

const Value& Reader::expect_object(const Value& value, const std::string& path) const {
  if (!value.is_object()) wrong_type(value, path, say(lang_, msg::type_object));
  return value;
}

const Value& Reader::expect_array(const Value& value, const std::string& path) const {
  if (!value.is_array()) wrong_type(value, path, say(lang_, msg::type_array));
  return value;
}

void Reader::warn_unknown_keys(const Value& object, const std::string& path, std::initializer_list<const char*> allowed) {
  if (!check_unknown_keys_) return;
  for (auto m = object.begin(); m != object.end(); ++m) {
    bool known = false;
    for (const char* key : allowed) known = known || m.key() == key;
    if (known) continue;
    if (warnings_.size() >= kMaxWarnings) {  // only counted: no sentence, no list of fields
      warnings_.push_back({warnc::unknown_field, pointer(path, m.key()), std::string()});
      continue;
    }
    if (const char* near = close_match(m.key(), allowed))
      warn(warnc::unknown_field, pointer(path, m.key()), msg::warning_unknown_field_near,
           {{"suggestion", near}, {"fields", joined(lang_, allowed)}});
    else
      warn(warnc::unknown_field, pointer(path, m.key()), msg::warning_unknown_field, {{"fields", joined(lang_, allowed)}});
  }
}

std::string Reader::read_string(const Value& value, const std::string& path) const {
  if (!value.is_string()) wrong_type(value, path, say(lang_, msg::type_string));
  return value.get_ref<const std::string&>();
}

bool Reader::read_bool(const Value& value, const std::string& path) const {
  if (!value.is_boolean()) wrong_type(value, path, say(lang_, msg::type_boolean));
  return value.get<bool>();
}

double Reader::read_quantity(const Value& value, const std::string& path, double min, double max, bool min_exclusive,
                             msg::Id example) const {
  return quantity(value, path, min, max, min_exclusive, example);
}

double Reader::quantity(const Value& value, const std::string& path, double min, double max, bool min_exclusive,
                        std::optional<msg::Id> example) const {
  auto example_text = [&] { return example ? say(lang_, *example) : std::to_string(static_cast<long>(min)); };
  double x = 0;
  if (value.is_number()) {
    x = value.get<double>();
  } else if (value.is_string()) {
    const auto parsed = parse_quantity(value.get_ref<const std::string&>());
    if (!parsed)
      fail(errc::invalid_value, path, msg::error_not_a_number,
           {{"text", echo(value.get_ref<const std::string&>())}, {"example", example_text()}});
    x = *parsed;
  } else {
    wrong_type(value, path, say(lang_, msg::type_number_or_quantity, {{"example", example_text()}}));
  }
  const bool too_small = min_exclusive ? !(x > min) : !(x >= min);
  if (too_small || !(x <= max) || !std::isfinite(x))
    fail(errc::invalid_value, path, min_exclusive ? msg::error_range_exclusive : msg::error_range_inclusive,
         {{"min", shown(min)}, {"max", shown(max)}, {"got", shown(x)}});
  return x;
}

int Reader::read_int(const Value& value, const std::string& path, int min, int max) const {
  const double x = quantity(value, path, min, max, false, std::nullopt);
  if (x != std::floor(x)) fail(errc::invalid_value, path, msg::error_not_whole, {{"got", shown(x)}});
  return static_cast<int>(x);
}

std::string Reader::read_enum(const Value& value, const std::string& path, std::initializer_list<const char*> allowed) const {
  const std::string s = read_string(value, path);
  for (const char* a : allowed)
    if (s == a) return s;
  fail(errc::invalid_value, path, msg::error_not_one_of, {{"allowed", joined(lang_, allowed)}, {"got", echo(s)}});
}

}  // namespace gpusizer::jsonio
