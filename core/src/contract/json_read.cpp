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

// A limit and the value held against it, exactly: "1,048,576", "0.01" (never rounded alike).
std::string shown(double x) { return format_exact(x); }

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

void Reader::warn_duplicate_keys(const std::vector<std::string>& paths) {
  for (const std::string& path : paths) {
    // The key: the pointer's last reference token, unescaped.
    std::string key;
    for (std::size_t i = path.rfind('/') + 1; i < path.size(); ++i) {
      if (path[i] == '~' && i + 1 < path.size()) key += path[++i] == '0' ? '~' : '/';
      else key += path[i];
    }
    warn(warnc::duplicate_key, path, msg::warning_duplicate_key, {{"key", key}});
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
  return quantity(value, path, min, max, min_exclusive, example, Measure::plain).value;
}

MeasureRead Reader::read_measure(const Value& value, const std::string& path, double min, double max, bool min_exclusive,
                                 msg::Id example, Measure field) const {
  return quantity(value, path, min, max, min_exclusive, example, field);
}

namespace {

// What a unit is, and the units a field takes, in words.
msg::Id measure_words(Measure m) {
  switch (m) {
    case Measure::duration: return msg::measure_duration;
    case Measure::money: return msg::measure_money;
    case Measure::tokens: return msg::measure_tokens;
    case Measure::examples: return msg::measure_examples;
    case Measure::params: return msg::measure_params;
    case Measure::gpus: return msg::measure_gpus;
    case Measure::epochs: return msg::measure_epochs;
    case Measure::plain: break;
  }
  return msg::measure_plain;
}
msg::Id units_taken(Measure m) {
  switch (m) {
    case Measure::duration: return msg::units_duration;
    case Measure::money: return msg::units_money;
    case Measure::tokens: return msg::units_tokens;
    case Measure::examples: return msg::units_examples;
    case Measure::params: return msg::units_params;
    case Measure::gpus: return msg::units_gpus;
    case Measure::epochs: return msg::units_epochs;
    case Measure::plain: break;
  }
  return msg::units_plain;
}

}  // namespace

MeasureRead Reader::quantity(const Value& value, const std::string& path, double min, double max, bool min_exclusive,
                             std::optional<msg::Id> example, Measure field) const {
  auto example_text = [&] { return example ? say(lang_, *example) : format_exact(min); };
  MeasureRead m;
  if (value.is_number()) {
    m.value = value.get<double>();
  } else if (value.is_string()) {
    const std::string& text = value.get_ref<const std::string&>();
    const auto parsed = parse_measure(text, field);
    if (!parsed)
      fail(errc::invalid_value, path, msg::error_not_a_number, {{"text", echo(text)}, {"example", example_text()}});
    // A unit of another kind ("30天" as a budget, "¥500" as tokens): which units it takes.
    if (parsed->unit != Measure::plain && parsed->unit != field)
      fail(errc::invalid_value, path, msg::error_wrong_unit,
           {{"text", echo(text)}, {"found", say(lang_, measure_words(parsed->unit))},
            {"units", say(lang_, units_taken(field))}, {"example", example_text()}});
    m = *parsed;
  } else {
    wrong_type(value, path, say(lang_, msg::type_number_or_quantity, {{"example", example_text()}}));
  }
  const double x = m.value;
  const bool too_small = min_exclusive ? !(x > min) : !(x >= min);
  if (too_small || !(x <= max) || !std::isfinite(x))
    fail(errc::invalid_value, path, min_exclusive ? msg::error_range_exclusive : msg::error_range_inclusive,
         {{"min", shown(min)}, {"max", shown(max)}, {"got", shown(x)}});
  return m;
}

int Reader::read_int(const Value& value, const std::string& path, int min, int max, Measure field) const {
  const double x = quantity(value, path, min, max, false, std::nullopt, field).value;
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
