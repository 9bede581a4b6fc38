#include "contract/own_json.hpp"

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>


namespace gpusizer::jsonio {
namespace {

using json = nlohmann::json;

// A recursive descent over text that is well formed by construction, straight into nlohmann's
// DOM. nlohmann's own parser keeps every character it reads for its error messages and calls
// out per event; on the embedded catalog (130 KB, read by the first estimate while the wasm
// code is still cold) that was most of the parse. Numbers become what nlohmann's lexer makes of
// them: unsigned or signed integers when they fit (no '.', 'e' or 'E'), else strtod's double.
class OwnParser {
 public:
  explicit OwnParser(std::string_view text) : at_(text.data()), end_(text.data() + text.size()) {}

  json document() {
    json v = value();
    space();
    if (at_ != end_) bad();
    return v;
  }

 private:
  const char* at_;
  const char* end_;

  // A bug, not an input error (the tests read every such text): internal_error.
  [[noreturn]] static void bad() { throw std::logic_error("the core's own JSON text is not well formed"); }

  void space() {
    while (at_ != end_ && (*at_ == ' ' || *at_ == '\n' || *at_ == '\r' || *at_ == '\t')) ++at_;
  }
  bool next_is(char c) {
    space();
    if (at_ == end_ || *at_ != c) return false;
    ++at_;
    return true;
  }
  void expect(char c) {
    if (!next_is(c)) bad();
  }
  void word(std::string_view w) {
    if (static_cast<std::size_t>(end_ - at_) < w.size() || std::string_view(at_, w.size()) != w) bad();
    at_ += w.size();
  }

  json value() {
    space();
    if (at_ == end_) bad();
    switch (*at_) {
      case '{': return object();
      case '[': return array();
      case '"': return json(string());
      case 't': word("true"); return json(true);
      case 'f': word("false"); return json(false);
      case 'n': word("null"); return json(nullptr);
      default: return number();
    }
  }

  json object() {
    ++at_;
    json out = json::object();
    auto& members = *out.get_ptr<json::object_t*>();
    if (next_is('}')) return out;
    do {
      space();
      std::string key = string();
      expect(':');
      members[std::move(key)] = value();  // a repeated key: the last one, as nlohmann's parser does
    } while (next_is(','));
    expect('}');
    return out;
  }

  json array() {
    ++at_;
    json out = json::array();
    auto& items = *out.get_ptr<json::array_t*>();
    if (next_is(']')) return out;
    do items.push_back(value());
    while (next_is(','));
    expect(']');
    return out;
  }

  unsigned hex4() {
    if (end_ - at_ < 4) bad();
    unsigned u = 0;
    for (int i = 0; i < 4; ++i, ++at_) {
      const char c = *at_;
      u = u * 16 + (c >= '0' && c <= '9'   ? c - '0'
                    : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                           : (bad(), 0));
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

  // At the opening quote. Runs without escapes are appended whole.
  std::string string() {
    if (at_ == end_ || *at_ != '"') bad();
    ++at_;
    std::string out;
    for (;;) {
      const char* run = at_;
      while (at_ != end_ && *at_ != '"' && *at_ != '\\') ++at_;
      out.append(run, at_);
      if (at_ == end_) bad();
      if (*at_++ == '"') return out;
      if (at_ == end_) bad();
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
          if (cp >= 0xD800 && cp < 0xDC00) {  // a surrogate pair
            word("\\u");
            const std::uint32_t low = hex4();
            if (low < 0xDC00 || low >= 0xE000) bad();
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          utf8(out, cp);
          break;
        }
        default: bad();
      }
    }
  }

  // Clinger's fast path (W. D. Clinger, "How to read floating point numbers accurately", PLDI
  // 1990): digits d (at most 2^53) and a power of ten p with |p| <= 22 are both exact doubles,
  // so d x 10^p or d / 10^-p, one correctly rounded operation, is the double strtod returns.
  // That covers the catalog's prices and figures; wasm's strtod works in 128-bit software
  // floating point, and its 3.6 KB were compiled again by V8 during the first call.
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
      if (*at < '0' || *at > '9' || ++count > 15) return std::nullopt;  // 15 digits: below 2^53
      digits = digits * 10 + static_cast<unsigned>(*at - '0');
      if (fraction) --power;
    }
    if (at != end) {  // the exponent
      ++at;
      bool minus = false;
      if (at != end && (*at == '+' || *at == '-')) minus = *at++ == '-';
      if (at == end || end - at > 3) return std::nullopt;
      int e = 0;
      for (; at != end; ++at) {
        if (*at < '0' || *at > '9') return std::nullopt;
        e = e * 10 + (*at - '0');
      }
      power += minus ? -e : e;
    }
    if (count == 0 || power < -22 || power > 22) return std::nullopt;
    const double x = power < 0 ? static_cast<double>(digits) / kPowers[-power] : static_cast<double>(digits) * kPowers[power];
    return negative ? -x : x;
  }

  json number() {
    const char* start = at_;
    bool integral = true;
    if (at_ != end_ && *at_ == '-') ++at_;
    for (; at_ != end_; ++at_) {
      const char c = *at_;
      if (c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') integral = false;
      else if (c < '0' || c > '9') break;
    }
    if (at_ == start) bad();
    if (!integral)
      if (const auto x = exact_decimal(start, at_)) return json(*x);
    const std::string text(start, at_);
    char* stop = nullptr;
    errno = 0;
    if (integral) {
      if (text[0] == '-') {
        const long long x = std::strtoll(text.c_str(), &stop, 10);
        if (errno == 0 && *stop == '\0') return json(static_cast<json::number_integer_t>(x));
      } else {
        const unsigned long long x = std::strtoull(text.c_str(), &stop, 10);
        if (errno == 0 && *stop == '\0') return json(static_cast<json::number_unsigned_t>(x));
      }
    }
    const double x = std::strtod(text.c_str(), &stop);
    if (*stop != '\0') bad();
    return json(x);
  }
};

}  // namespace

nlohmann::json parse_own(std::string_view text) { return OwnParser(text).document(); }

}  // namespace gpusizer::jsonio
