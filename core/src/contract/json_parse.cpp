#include "contract/json_parse.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "common/numbers.hpp"
#include "contract/json_read.hpp"
#include "contract/limits.hpp"

namespace gpusizer::jsonio {
namespace {

// Where the parser is, as a JSON pointer: one frame per open object or array.
struct Frame {
  bool array = false;
  long index = -1;  // arrays: the element being read
  std::string key;  // objects: the last key read
};

std::string pointer_of(const std::vector<Frame>& stack) {
  std::string path;
  for (const Frame& f : stack) {
    if (f.array) {
      if (f.index >= 0) path = pointer(path, static_cast<std::size_t>(f.index));
    } else if (!f.key.empty()) {
      path = pointer(path, echo(f.key));
    }
  }
  return path;
}

bool contains(const char* text, const char* part) { return std::string_view(text).find(part) != std::string_view::npos; }

// A handler for nlohmann::json::sax_parse that builds the document itself, one event at a time
// (linear in the text: nlohmann's callback parser rescans a parent after each child object).
//
// Watched (text from outside: a request, a catalog), it enforces the depth and string limits as
// it reads, each with the JSON pointer of the value at fault, and turns a syntax error into one
// in the caller's language, with its line and column and what was expected. Unwatched (text
// the core holds or wrote itself), a syntax error is a bug.
class DocumentBuilder {
 public:
  using string_t = Value::string_t;

  DocumentBuilder(std::string_view text, const ParseWatch* watch) : text_(text), watch_(watch) {}
  Value take() { return std::move(root_); }

  bool null() { return leaf(Value()); }
  bool boolean(bool b) { return leaf(Value(b)); }
  bool number_integer(Value::number_integer_t x) { return leaf(Value(x)); }
  bool number_unsigned(Value::number_unsigned_t x) { return leaf(Value(x)); }
  bool number_float(Value::number_float_t x, const string_t&) { return leaf(Value(x)); }
  bool string(string_t& s) {
    value_starts();
    fits(s);
    place(Value(std::move(s)));
    return true;
  }
  bool binary(Value::binary_t&) { return false; }  // JSON text has none
  bool start_object(std::size_t) { return open(false, Value::object()); }
  bool start_array(std::size_t) { return open(true, Value::array()); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(string_t& k) {
    if (watch_) {  // a key too long is blamed on its object
      shallow_enough();
      frames_.back().key.clear();
      fits(k);
      frames_.back().key = k;
      // A repeated key keeps its last value, as nlohmann's own DOM parser does: noted, so that
      // the reader says which value it read.
      if (watch_->duplicate_keys && open_.back()->contains(k)) watch_->duplicate_keys->push_back(pointer_of(frames_));
    }
    member_ = &(*open_.back())[std::move(k)];
    return true;
  }
  template <class Exception>
  bool parse_error(std::size_t position, const std::string&, const Exception& e) {
    syntax(position, e.id, e.what());
    return false;
  }

 private:
  std::string_view text_;
  const ParseWatch* watch_;
  Value root_;
  std::vector<Value*> open_;   // the open objects and arrays, innermost last
  Value* member_ = nullptr;    // in the innermost object: the member the next value goes to
  std::vector<Frame> frames_;  // the same, as pointer frames, when watched

  // ---- the document ----

  Value* place(Value&& v) {
    if (open_.empty()) {
      root_ = std::move(v);
      return &root_;
    }
    Value& container = *open_.back();
    if (container.is_array()) {
      container.push_back(std::move(v));
      return &container.back();
    }
    *member_ = std::move(v);
    return member_;
  }
  bool leaf(Value&& v) {
    value_starts();
    place(std::move(v));
    return true;
  }
  bool open(bool array, Value&& empty) {
    value_starts();
    // kMaxDepth levels of objects and arrays, the outermost counted: one more is refused where
    // it opens (a level is a container, whatever it holds).
    if (watch_ && frames_.size() >= static_cast<std::size_t>(kMaxDepth))
      throw Error(errc::invalid_value, pointer_of(frames_), say(watch_->lang, msg::error_too_deep, {{"limit", kMaxDepth}}));
    if (watch_) frames_.push_back({array, -1, {}});
    open_.push_back(place(std::move(empty)));
    return true;
  }
  bool close() {
    if (watch_) frames_.pop_back();
    open_.pop_back();
    return true;
  }

  // ---- limits ----

  void shallow_enough() const {
    if (watch_ && frames_.size() > static_cast<std::size_t>(kMaxDepth))
      throw Error(errc::invalid_value, pointer_of(frames_), say(watch_->lang, msg::error_too_deep, {{"limit", kMaxDepth}}));
  }
  void fits(const std::string& s) const {
    if (watch_ && s.size() > kMaxStringBytes)
      throw Error(errc::invalid_value, pointer_of(frames_),
                  say(watch_->lang, msg::error_string_too_long,
                      {{"bytes", format_int(static_cast<double>(s.size()))}, {"limit", format_int(kMaxStringBytes)}}));
  }
  // A value begins (its token read): the depth, and which element of its array it is.
  void value_starts() {
    if (!watch_) return;
    shallow_enough();
    if (!frames_.empty() && frames_.back().array) ++frames_.back().index;
  }

  // ---- syntax errors ----

  // The first byte of the token whose last byte is at `last`: nlohmann says where its lexer
  // stopped, not where the token began. Back over a string to its opening quote (one with an
  // even run of backslashes before it), over a number's characters, or a literal's letters.
  std::size_t token_start(std::size_t last) const {
    const auto in = [&](std::size_t i, const char* set) { return std::string_view(set).find(text_[i]) != std::string_view::npos; };
    const char c = text_[last];
    if (c == '"') {
      for (std::size_t i = last; i-- > 0;) {
        if (text_[i] != '"') continue;
        std::size_t slashes = 0;
        while (slashes < i && text_[i - 1 - slashes] == '\\') ++slashes;
        if (slashes % 2 == 0) return i;
      }
      return 0;
    }
    const char* set = c >= '0' && c <= '9' ? "0123456789+-.eE" : c >= 'a' && c <= 'z' ? "abcdefghijklmnopqrstuvwxyz" : "";
    std::size_t i = last;
    while (i > 0 && *set && in(i - 1, set)) --i;
    return i;
  }

  // nlohmann reports how far its lexer read (`position`, the end of the text counting as one
  // character more) and its English message, which names the error and where in the grammar it
  // arose: that wording is pinned by the package's version, and
  // tests/unit/contract/test_json_parse.cpp meets every kind. The message says it in the
  // caller's language, at the line and column where the offending token begins.
  [[noreturn]] void syntax(std::size_t position, int id, const char* what) const {
    if (!watch_) throw std::logic_error("the core's own JSON text is not well formed");
    const bool at_end = position > text_.size();  // the lexer read past the last character
    const std::size_t last = std::min(position, text_.size()) - (position > 0 ? 1 : 0);  // the last byte read
    const bool lexer = contains(what, "; last read: '");                                 // the token itself is malformed
    // Where the grammar was: what the next token had to be.
    msg::Id expected = msg::json_expected_value;
    if (contains(what, "; expected end of input")) expected = msg::json_expected_end;
    else if (contains(what, "while parsing object key")) expected = msg::json_expected_key;
    else if (contains(what, "while parsing object separator")) expected = msg::json_expected_colon;
    else if (contains(what, "while parsing object")) expected = msg::json_expected_comma_or_brace;
    else if (contains(what, "while parsing array")) expected = msg::json_expected_comma_or_bracket;
    msg::Id problem = expected;
    std::size_t offset = last;
    if (id == 406) {  // out_of_range: a number beyond double's range (1e400)
      problem = msg::json_number_too_large;
      offset = token_start(last);
    } else if (expected == msg::json_expected_end) {
      // Where the text after the value begins (an invalid literal: at its first letter).
      while (lexer && offset > 0 && text_[offset - 1] >= 'a' && text_[offset - 1] <= 'z') --offset;
    } else if (contains(what, "unexpected end of input") || (lexer && at_end)) {
      problem = msg::json_ends_early;
      offset = at_end ? text_.size() : last;  // at the end, or at the NUL that ends the text
    } else if (!lexer) {
      offset = token_start(last);  // a well-formed token where another was due
    } else if (contains(what, "ill-formed UTF-8")) {
      problem = msg::json_bad_utf8;
      // At the sequence's first byte when a continuation byte was what failed.
      for (std::size_t back = 1; back <= 3 && back <= offset; ++back) {
        const auto b = static_cast<unsigned char>(text_[offset - back]);
        if (b >= 0xC0) offset -= back;
        if (b < 0x80 || b >= 0xC0) break;
      }
    } else if (contains(what, "surrogate")) {
      problem = msg::json_bad_surrogate;
      // Just after the escape's four digits: nlohmann has read them, or one character more.
      const char c = text_[last];
      const bool hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
      offset = hex ? std::min(position, text_.size()) : last;
    } else if (contains(what, "control character")) {
      problem = msg::json_control_character;
    } else if (contains(what, "backslash") || contains(what, "\\u' must be")) {
      problem = msg::json_bad_escape;
    } else if (contains(what, "invalid number")) {
      problem = msg::json_bad_number;
    } else if (contains(what, "invalid BOM")) {
      problem = msg::json_expected_value;
      offset = 0;
    } else if (expected != msg::json_expected_value) {
      // An invalid literal where a ',', ':' or key was due: at its first letter.
      while (offset > 0 && text_[offset - 1] >= 'a' && text_[offset - 1] <= 'z') --offset;
    }  // else an invalid literal where a value was due: at the character that broke it
    long line = 1, column = 1;
    for (std::size_t i = 0; i < offset && i < text_.size(); ++i) {
      if (text_[i] == '\n') {
        ++line;
        column = 1;
      } else if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) {
        ++column;  // characters, not bytes
      }
    }
    const Lang lang = watch_->lang;
    const std::string detail = say(lang, msg::json_position, {{"line", line}, {"column", column}, {"problem", say(lang, problem)}});
    throw Error(errc::invalid_json, "",
                say(lang, watch_->catalog ? msg::error_catalog_invalid_json : msg::error_invalid_json, {{"detail", detail}}));
  }
};

}  // namespace

// RFC 8259 JSON, strictly (one value, then only whitespace; a leading UTF-8 byte-order mark is
// skipped and a NUL ends the text, as nlohmann's lexer has it). Numbers without '.', 'e' or 'E'
// are unsigned or signed integers when they fit, else doubles; objects' members in key order.
Value parse_text(std::string_view text, const ParseWatch* watch) {
  DocumentBuilder builder(text, watch);
  Value::sax_parse(text.data(), text.data() + text.size(), &builder);
  return builder.take();
}

Value parse_own(std::string_view text) { return parse_text(text, nullptr); }

}  // namespace gpusizer::jsonio
