// Reading JSON with a JSON-pointer path for every value, so each error names its field, in the
// request's language (internal to contract/).
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "contract/json.hpp"
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
  // For a reader whose warnings nobody reads (the core's own catalog): no unknown-key check.
  void ignore_unknown_keys() { check_unknown_keys_ = false; }

  std::string read_string(const Value& value, const std::string& path) const;
  bool read_bool(const Value& value, const std::string& path) const;
  // A JSON number, or a string a person would write ("7B", "70亿", "1,000"), within [min, max];
  // `example` is the message showing how to write one.
  double read_quantity(const Value& value, const std::string& path, double min, double max, bool min_exclusive,
                       msg::Id example) const;
  // A whole number within [min, max]; strings allowed as for quantities.
  int read_int(const Value& value, const std::string& path, int min, int max) const;
  std::string read_enum(const Value& value, const std::string& path, std::initializer_list<const char*> allowed) const;

 private:
  std::vector<Warning>& warnings_;
  Lang lang_;
  bool check_unknown_keys_ = true;
  // `example`: the message showing how to write one; none for a whole number, whose example is
  // `min` itself. Only written when the value is refused (most values are read, not refused).
  double quantity(const Value& value, const std::string& path, double min, double max, bool min_exclusive,
                  std::optional<msg::Id> example) const;
  [[noreturn]] void wrong_type(const Value& value, const std::string& path, const std::string& wanted) const;
  std::string type_name(const Value& value) const;
};

}  // namespace gpusizer::jsonio
