// Reading JSON with a JSON-pointer path for every value, so each error names its field, in the
// request's language (internal to contract/).
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "contract/json.hpp"
#include "contract/quantity.hpp"
#include "gpusizer/error.hpp"
#include "diagnostics/messages.hpp"
#include "diagnostics/warning.hpp"

namespace gpusizer::jsonio {

// RFC 6901 escaping of one reference token.
std::string pointer(const std::string& parent, const std::string& key);
std::string pointer(const std::string& parent, std::size_t index);

// Reads values and collects warnings in one language (set once the request's "lang" is read).
class Reader {
 public:
  explicit Reader(std::vector<Warning>& warnings, Lang lang = Lang::en) : warnings_(warnings), lang_(lang) {}
  Lang lang() const { return lang_; }
  void set_lang(Lang lang) { lang_ = lang; }
  std::vector<Warning>& warnings() { return warnings_; }

  [[noreturn]] void fail(const char* code, const std::string& path, msg::Id id,
                         std::initializer_list<Arg> args = {}) const;
  void warn(const char* code, const std::string& path, msg::Id id, std::initializer_list<Arg> args = {});

  const Value& expect_object(const Value& value, const std::string& path) const;
  const Value& expect_array(const Value& value, const std::string& path) const;
  // Warns about keys outside `allowed` (a typo such as "param" must not pass silently).
  void warn_unknown_keys(const Value& object, const std::string& path, std::initializer_list<const char*> allowed);
  // duplicate_key at each of `paths` (keys given twice in their object, json_parse.hpp): the
  // last value is the one read.
  void warn_duplicate_keys(const std::vector<std::string>& paths);
  // For a reader whose warnings nobody reads (the core's own catalog): no unknown-key check.
  void ignore_unknown_keys() { check_unknown_keys_ = false; }

  std::string read_string(const Value& value, const std::string& path) const;
  bool read_bool(const Value& value, const std::string& path) const;
  // A JSON number, or a string a person would write ("7B", "70亿", "1,000"), within [min, max];
  // `example` is the message showing how to write one.
  double read_quantity(const Value& value, const std::string& path, double min, double max, bool min_exclusive,
                       msg::Id example) const;
  // The same for a field that takes a unit (contract/quantity.hpp): a number alone is in the
  // field's own unit, one with the field's unit is converted to it ("两周" is 14 days), one with
  // another kind of unit is refused, saying which units the field takes.
  MeasureRead read_measure(const Value& value, const std::string& path, double min, double max, bool min_exclusive,
                           msg::Id example, Measure field) const;
  // A whole number within [min, max]; strings allowed as for quantities (with `field`'s unit).
  int read_int(const Value& value, const std::string& path, int min, int max, Measure field = Measure::plain) const;
  std::string read_enum(const Value& value, const std::string& path, std::initializer_list<const char*> allowed) const;

 private:
  std::vector<Warning>& warnings_;
  Lang lang_;
  bool check_unknown_keys_ = true;
  // `example`: the message showing how to write one; none for a whole number, whose example is
  // `min` itself. Only written when the value is refused (most values are read, not refused).
  MeasureRead quantity(const Value& value, const std::string& path, double min, double max, bool min_exclusive,
                       std::optional<msg::Id> example, Measure field) const;
  [[noreturn]] void wrong_type(const Value& value, const std::string& path, const std::string& wanted) const;
  std::string type_name(const Value& value) const;
};

}  // namespace gpusizer::jsonio
