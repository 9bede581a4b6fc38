// A small streaming JSON writer: appends to a string, commas and nesting tracked for the caller.
// The response, the catalog and the claims are written with it, byte for byte as nlohmann/json's
// dump() writes them (its numbers, its escaping with invalid UTF-8 replaced), without building a
// document first (docs/design.md says what building one would cost) (internal).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "contract/json.hpp"

// A part of a document written by a function of its own, never inlined into the function that
// writes the whole (contract/response_writer.cpp): V8 compiles a wasm function's optimized code
// when it has run long enough, and a writer run once per answer need not be compiled whole.
#define GPUSIZER_NOINLINE __attribute__((noinline))

namespace gpusizer::jsonio {

class Writer {
 public:
  // indent < 0: compact (dump(-1)); otherwise pretty-printed with that many spaces a level (dump(n)).
  explicit Writer(int indent = -1) : indent_(indent) {}

  Writer& begin_object();
  Writer& end_object();
  Writer& begin_array();
  Writer& end_array();
  // The key of the next value inside an object.
  Writer& key(std::string_view k);

  Writer& string(std::string_view s);
  Writer& boolean(bool b);
  Writer& integer(long long i);
  Writer& number(double x);  // as nlohmann dumps a double: shortest round trip, "1.0", "1e+22"; null when not finite
  Writer& null();
  // Text that is already JSON (one value), spliced as it is.
  Writer& raw(std::string_view json);
  // A parsed document, as nlohmann's dump() writes it (objects' members sorted by key).
  Writer& value(const Value& v);

  // key + value in one call, the type named: str, flag, num (a double), integer.
  Writer& str(std::string_view k, std::string_view v) { return key(k).string(v); }
  Writer& flag(std::string_view k, bool v) { return key(k).boolean(v); }
  Writer& num(std::string_view k, double v) { return key(k).number(v); }
  Writer& integer(std::string_view k, long long v) { return key(k).integer(v); }

  std::string& out() { return out_; }
  const std::string& text() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
  int indent_;
  // Per open container: whether it has an element yet; whether it is empty so far decides
  // "{}" against "{\n...\n}" when pretty-printing.
  std::vector<bool> has_items_;
  bool after_key_ = false;

  void before_value();
  void newline();
};

// A string escaped as nlohmann's dump(ensure_ascii = false, error_handler_t::replace) writes it,
// quotes included.
void append_escaped(std::string& out, std::string_view s);

// The provider kit's answers (catalog_check, catalog_import) written value by value, members in
// the order written, through the same Writer: end() closes the innermost container.
class JsonOut {
 public:
  JsonOut& key(const char* name) { return key(std::string_view(name)); }
  JsonOut& key(const std::string& name) { return key(std::string_view(name)); }
  JsonOut& object() {  // opens {
    w_.begin_object();
    closers_ += '}';
    return *this;
  }
  JsonOut& array() {  // opens [
    w_.begin_array();
    closers_ += ']';
    return *this;
  }
  JsonOut& end() {  // closes the innermost
    if (closers_.back() == '}') w_.end_object();
    else w_.end_array();
    closers_.pop_back();
    return *this;
  }
  JsonOut& value(const std::string& s) { return done(w_.string(s)); }
  JsonOut& value(const char* s) { return done(w_.string(s)); }
  JsonOut& value(double x) { return done(w_.number(x)); }
  JsonOut& value(long x) { return done(w_.integer(x)); }
  JsonOut& value(bool b) { return done(w_.boolean(b)); }
  JsonOut& value(const Value& j) { return done(w_.value(j)); }  // any parsed value
  JsonOut& null() { return done(w_.null()); }
  JsonOut& raw(const std::string& json_text) { return done(w_.raw(json_text)); }  // a value already written
  const std::string& text() const { return w_.text(); }

 private:
  Writer w_;
  std::string closers_;  // per open container: '}' or ']'
  JsonOut& key(std::string_view name) { return done(w_.key(name)); }
  JsonOut& done(Writer&) { return *this; }
};

}  // namespace gpusizer::jsonio
