#include "contract/json_parse.hpp"

#include <algorithm>
#include <cerrno>
#include <clocale>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "common/numbers.hpp"
#include "common/text.hpp"
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

// RFC 8259 JSON by recursive descent into a Value, with the values nlohmann's own parser made
// of the same text (the golden files were written with it): numbers without '.', 'e' or 'E'
// are unsigned or signed integers when they fit, else doubles; objects' members in key order,
// a repeated key keeping its last value; a leading UTF-8 byte-order mark is skipped, and a NUL
// after the value ends the text; strings are checked UTF-8.
//
// Watched (text from outside: a request, a catalog), it enforces the depth and string limits as
// it reads, each with the JSON pointer of the value at fault, and reports a syntax error with its
// line and column in the caller's language. Unwatched (text the core holds or wrote itself), a
// syntax error is a bug.
//
// nlohmann's parser, which this replaces, kept every character it read for its messages, called
// out per event and wrote its messages in English only; on the embedded catalog (130 KB, read by
// the first estimate while the wasm code is still cold) that was most of the parse.
class Parser {
 public:
  Parser(std::string_view text, const ParseWatch* watch)
      : begin_(text.data()), at_(text.data()), end_(text.data() + text.size()), watch_(watch) {}

  Value document() {
    if (end_ - at_ >= 3 && std::string_view(at_, 3) == "\xEF\xBB\xBF") at_ += 3;
    Value v = value();
    space();
    // A NUL after the value ends the text, as it did for nlohmann's parser (a request file that
    // ends in one was answered); anything else after it is an error.
    if (at_ != end_ && *at_ != '\0') syntax(msg::json_expected_end);
    return v;
  }

 private:
  const char* begin_;
  const char* at_;
  const char* end_;
  const ParseWatch* watch_;
  std::vector<Frame> stack_;  // the open objects and arrays, when watched
  // The open objects' members and the open arrays' elements so far, innermost last: each
  // container is then made once, at its size, its members moved once into key order.
  std::vector<Value::Member> members_;
  std::vector<Value> elements_;
  std::vector<std::size_t> order_;

  // ---- errors and limits ----

  [[noreturn]] void syntax(msg::Id problem) const {
    if (!watch_) throw std::logic_error("the core's own JSON text is not well formed");
    long line = 1, column = 1;
    for (const char* p = begin_; p < at_ && p < end_; ++p) {
      if (*p == '\n') {
        ++line;
        column = 1;
      } else if ((static_cast<unsigned char>(*p) & 0xC0) != 0x80) {
        ++column;  // characters, not bytes
      }
    }
    const Lang lang = watch_->lang;
    const std::string detail = say(lang, msg::json_position, {{"line", line}, {"column", column}, {"problem", say(lang, problem)}});
    throw Error(errc::invalid_json, "",
                say(lang, watch_->catalog ? msg::error_catalog_invalid_json : msg::error_invalid_json, {{"detail", detail}}));
  }
  void shallow_enough() const {
    if (watch_ && stack_.size() > static_cast<std::size_t>(kMaxDepth))
      throw Error(errc::invalid_value, pointer_of(stack_), say(watch_->lang, msg::error_too_deep, {{"limit", kMaxDepth}}));
  }
  void fits(const std::string& s) const {
    if (watch_ && s.size() > kMaxStringBytes)
      throw Error(errc::invalid_value, pointer_of(stack_),
                  say(watch_->lang, msg::error_string_too_long,
                      {{"bytes", format_int(static_cast<double>(s.size()))}, {"limit", format_int(kMaxStringBytes)}}));
  }
  // A value begins (after its token was read, as nlohmann's parser checked): the depth, and
  // which element of its array it is.
  void value_starts() {
    if (!watch_) return;
    shallow_enough();
    if (!stack_.empty() && stack_.back().array) ++stack_.back().index;
  }
  void open(bool array) {
    value_starts();
    if (watch_) stack_.push_back({array, -1, {}});
  }
  void close() {
    if (watch_ && !stack_.empty()) stack_.pop_back();
  }

  // ---- text ----

  void space() {
    while (at_ != end_ && (*at_ == ' ' || *at_ == '\n' || *at_ == '\r' || *at_ == '\t')) ++at_;
  }
  // The next character after whitespace, or 0 at the end.
  char peek() {
    space();
    return at_ == end_ ? '\0' : *at_;
  }
  bool next_is(char c) {
    if (peek() != c || at_ == end_) return false;
    ++at_;
    return true;
  }
  // The next character after whitespace must be c: else the text ended early, or `wrong`.
  void expect(char c, msg::Id wrong) {
    if (!next_is(c)) syntax(at_ == end_ ? msg::json_ends_early : wrong);
  }
  void word(std::string_view w) {
    for (char c : w) {
      if (at_ == end_) syntax(msg::json_ends_early);
      if (*at_ != c) syntax(msg::json_expected_value);
      ++at_;
    }
  }

  Value value() {
    space();
    if (at_ == end_) syntax(msg::json_ends_early);
    switch (*at_) {
      case '{': return object();
      case '[': return array();
      case '"': {
        std::string s = string();
        value_starts();
        fits(s);
        return Value(std::move(s));
      }
      case 't': word("true"); value_starts(); return Value(true);
      case 'f': word("false"); value_starts(); return Value(false);
      case 'n': word("null"); value_starts(); return Value();
      default: {
        Value n = number();
        value_starts();
        return n;
      }
    }
  }

  Value object() {
    ++at_;
    open(false);
    const std::size_t first = members_.size();
    if (!next_is('}')) {
      do {
        if (peek() != '"') syntax(at_ == end_ ? msg::json_ends_early : msg::json_expected_key);
        std::string key = string();
        if (watch_) {  // a key too long is blamed on its object
          shallow_enough();
          stack_.back().key.clear();
          fits(key);
          stack_.back().key = key;
        }
        expect(':', msg::json_expected_colon);
        Value v = value();
        members_.push_back({std::move(key), std::move(v)});
      } while (next_is(','));
      expect('}', msg::json_expected_comma_or_brace);
    }
    close();
    return Value::object(sorted_members(first));
  }

  // The members read since `first`, taken off the stack in key order (stable), each key once:
  // of a repeated key the member read last, as nlohmann's map kept it.
  std::vector<Value::Member> sorted_members(std::size_t first) {
    const std::size_t n = members_.size() - first;
    order_.clear();
    for (std::size_t i = first; i < members_.size(); ++i) order_.push_back(i);
    const auto less = [&](std::size_t a, std::size_t b) { return members_[a].key < members_[b].key; };
    if (n <= 16) {  // most objects: an insertion sort of their indices
      for (std::size_t i = 1; i < n; ++i)
        for (std::size_t j = i; j > 0 && less(order_[j], order_[j - 1]); --j) std::swap(order_[j], order_[j - 1]);
    } else {
      std::stable_sort(order_.begin(), order_.end(), less);
    }
    std::vector<Value::Member> out;
    out.reserve(n);
    for (std::size_t k = 0; k < n; ++k)
      if (k + 1 == n || members_[order_[k + 1]].key != members_[order_[k]].key) out.push_back(std::move(members_[order_[k]]));
    members_.resize(first);
    return out;
  }

  Value array() {
    ++at_;
    open(true);
    const std::size_t first = elements_.size();
    if (!next_is(']')) {
      do elements_.push_back(value());
      while (next_is(','));
      expect(']', msg::json_expected_comma_or_bracket);
    }
    close();
    std::vector<Value> out(std::make_move_iterator(elements_.begin() + static_cast<std::ptrdiff_t>(first)),
                           std::make_move_iterator(elements_.end()));
    elements_.resize(first);
    return Value::array(std::move(out));
  }

  unsigned hex4() {
    unsigned u = 0;
    for (int i = 0; i < 4; ++i, ++at_) {
      if (at_ == end_) syntax(msg::json_ends_early);
      const char c = *at_;
      const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (digit < 0) syntax(msg::json_bad_escape);
      u = u * 16 + static_cast<unsigned>(digit);
    }
    return u;
  }

  static void utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  // One UTF-8 character of two to four bytes at at_ (common/text.hpp); at_ moves past it.
  void multibyte() {
    const std::size_t length = utf8_length(std::string_view(at_, static_cast<std::size_t>(end_ - at_)), 0);
    if (length == 0) syntax(msg::json_bad_utf8);
    at_ += length;
  }

  // At the opening quote. Runs of plain characters are appended whole.
  std::string string() {
    ++at_;
    std::string out;
    for (;;) {
      const char* run = at_;
      while (at_ != end_) {
        const auto c = static_cast<unsigned char>(*at_);
        if (c == '"' || c == '\\' || c < 0x20) break;
        if (c < 0x80) ++at_;
        else multibyte();
      }
      out.append(run, at_);
      if (at_ == end_) syntax(msg::json_ends_early);
      const char c = *at_++;
      if (c == '"') return out;
      if (c != '\\') {
        --at_;
        syntax(msg::json_control_character);
      }
      if (at_ == end_) syntax(msg::json_ends_early);
      switch (*at_++) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          std::uint32_t cp = hex4();
          if (cp >= 0xDC00 && cp < 0xE000) syntax(msg::json_bad_surrogate);
          if (cp >= 0xD800 && cp < 0xDC00) {  // the high half of a pair: the low half follows
            if (end_ - at_ < 2 || at_[0] != '\\' || at_[1] != 'u') syntax(msg::json_bad_surrogate);
            at_ += 2;
            const std::uint32_t low = hex4();
            if (low < 0xDC00 || low >= 0xE000) syntax(msg::json_bad_surrogate);
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          utf8(out, cp);
          break;
        }
        default:
          --at_;
          syntax(msg::json_bad_escape);
      }
    }
  }

  // Clinger's fast path (W. D. Clinger, "How to read floating point numbers accurately", PLDI
  // 1990): digits d (at most 2^53) and a power of ten p with |p| <= 22 are both exact doubles,
  // so d x 10^p or d / 10^-p, one correctly rounded operation, is the double strtod returns.
  // That covers the catalog's prices and figures; wasm's strtod works in 128-bit software
  // floating point, and V8 compiled its 3.6 KB again during the first call.
  static std::optional<double> exact_decimal(const char* at, const char* end) {
    static constexpr double kPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                         1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    const bool negative = *at == '-';
    if (negative) ++at;
    std::uint64_t digits = 0;
    int power = 0, count = 0;
    bool fraction = false;
    for (; at != end && *at != 'e' && *at != 'E'; ++at) {
      if (*at == '.') {
        fraction = true;
        continue;
      }
      if (++count > 15) return std::nullopt;  // 15 digits: below 2^53
      digits = digits * 10 + static_cast<unsigned>(*at - '0');
      if (fraction) --power;
    }
    if (at != end) {  // the exponent
      ++at;
      bool minus = false;
      if (*at == '+' || *at == '-') minus = *at++ == '-';
      if (end - at > 3) return std::nullopt;
      int e = 0;
      for (; at != end; ++at) e = e * 10 + (*at - '0');
      power += minus ? -e : e;
    }
    if (power < -22 || power > 22) return std::nullopt;
    const double x = power < 0 ? static_cast<double>(digits) / kPowers[-power] : static_cast<double>(digits) * kPowers[power];
    return negative ? -x : x;
  }

  // JSON's number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
  Value number() {
    const char* start = at_;
    const auto digit = [&] { return at_ != end_ && *at_ >= '0' && *at_ <= '9'; };
    const auto digits = [&] {
      if (!digit()) syntax(at_ == end_ ? msg::json_ends_early : at_ == start ? msg::json_expected_value : msg::json_bad_number);
      while (digit()) ++at_;
    };
    if (*at_ == '-') ++at_;
    if (at_ != end_ && *at_ == '0') ++at_;
    else digits();
    bool integral = true;
    if (at_ != end_ && *at_ == '.') {
      ++at_;
      integral = false;
      digits();
    }
    if (at_ != end_ && (*at_ == 'e' || *at_ == 'E')) {
      ++at_;
      integral = false;
      if (at_ != end_ && (*at_ == '+' || *at_ == '-')) ++at_;
      digits();
    }
    if (!integral)
      if (const auto x = exact_decimal(start, at_)) return Value(*x);
    const std::string text(start, at_);
    char* stop = nullptr;
    if (integral) {
      errno = 0;
      if (text[0] == '-') {
        const long long x = std::strtoll(text.c_str(), &stop, 10);
        if (errno == 0) return Value(static_cast<std::int64_t>(x));
      } else {
        const unsigned long long x = std::strtoull(text.c_str(), &stop, 10);
        if (errno == 0) return Value(static_cast<std::uint64_t>(x));
      }
    }
    double x = std::strtod(text.c_str(), &stop);  // an integer beyond 64 bits too
    if (*stop != '\0') {
      // A host program's LC_NUMERIC with another decimal point: strtod stopped at the '.'.
      // (nlohmann's parser did the same; the CLI and the wasm module run in the C locale.)
      std::string local = text;
      for (char& ch : local)
        if (ch == '.') ch = *std::localeconv()->decimal_point;
      x = std::strtod(local.c_str(), &stop);
    }
    if (!std::isfinite(x)) {
      at_ = start;
      syntax(msg::json_number_too_large);
    }
    return Value(x);
  }
};

}  // namespace

Value parse_text(std::string_view text, const ParseWatch* watch) { return Parser(text, watch).document(); }

Value parse_own(std::string_view text) { return parse_text(text, nullptr); }

}  // namespace gpusizer::jsonio
