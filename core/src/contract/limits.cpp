#include "contract/limits.hpp"

#include <string>
#include <utility>
#include <vector>

#include "common/numbers.hpp"
#include "contract/json_read.hpp"

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

// The plain DOM parser, watched: each event checks the depth and the string length first, with
// the JSON pointer of the value at fault (built only then). nlohmann's callback parser would do
// the same, but after every object it scans its parent for discarded values: quadratic in an
// array of objects (100,000 of them in 1 MB took 5 s).
class LimitedSax {
 public:
  using json = nlohmann::json;
  explicit LimitedSax(Lang lang) : lang_(lang) {}
  json result;

  bool null() { return value() && dom_.null(); }
  bool boolean(bool b) { return value() && dom_.boolean(b); }
  bool number_integer(json::number_integer_t x) { return value() && dom_.number_integer(x); }
  bool number_unsigned(json::number_unsigned_t x) { return value() && dom_.number_unsigned(x); }
  bool number_float(json::number_float_t x, const json::string_t& text) { return value() && dom_.number_float(x, text); }
  bool string(json::string_t& s) { return value() && fits(s) && dom_.string(s); }
  bool binary(json::binary_t& b) { return value() && dom_.binary(b); }
  bool start_object(std::size_t n) { return open(false) && dom_.start_object(n); }
  bool start_array(std::size_t n) { return open(true) && dom_.start_array(n); }
  bool end_object() { return close() && dom_.end_object(); }
  bool end_array() { return close() && dom_.end_array(); }
  bool key(json::string_t& k) {
    shallow_enough();
    if (!stack_.empty()) stack_.back().key.clear();  // a key too long is blamed on its object
    fits(k);
    if (!stack_.empty()) stack_.back().key = k;
    return dom_.key(k);
  }
  template <class Exception>
  bool parse_error(std::size_t position, const std::string& token, const Exception& e) {
    return dom_.parse_error(position, token, e);  // throws e
  }

 private:
  Lang lang_;
  nlohmann::detail::json_sax_dom_parser<json> dom_{result, true};
  std::vector<Frame> stack_;  // the open objects and arrays

  void shallow_enough() const {
    if (stack_.size() > static_cast<std::size_t>(kMaxDepth))
      throw Error(errc::invalid_value, pointer_of(stack_), say(lang_, msg::error_too_deep, {{"limit", kMaxDepth}}));
  }
  bool fits(const std::string& s) const {
    if (s.size() > kMaxStringBytes)
      throw Error(errc::invalid_value, pointer_of(stack_),
                  say(lang_, msg::error_string_too_long, {{"bytes", format_int(static_cast<double>(s.size()))},
                                                              {"limit", format_int(kMaxStringBytes)}}));
    return true;
  }
  bool value() {
    shallow_enough();
    if (!stack_.empty() && stack_.back().array) ++stack_.back().index;
    return true;
  }
  bool open(bool array) {
    value();
    stack_.push_back({array, -1, {}});
    return true;
  }
  bool close() {
    if (!stack_.empty()) stack_.pop_back();
    return true;
  }
};

nlohmann::json parse_watched(std::string_view text, Lang lang, Document document) {
  using nlohmann::json;
  const bool catalog = document == Document::catalog;
  LimitedSax sax(lang);
  try {
    // A pointer range: one input adapter in the wasm module.
    json::sax_parse(text.data(), text.data() + text.size(), &sax);
    return std::move(sax.result);
  } catch (const json::parse_error& e) {
    throw Error(errc::invalid_json, "",
                say(lang, catalog ? msg::error_catalog_invalid_json : msg::error_invalid_json, {{"detail", echo(e.what())}}));
  } catch (const json::out_of_range& e) {  // a number beyond double's range: 1e400
    throw Error(errc::invalid_json, "",
                say(lang, catalog ? msg::error_catalog_invalid_json : msg::error_invalid_json, {{"detail", echo(e.what())}}));
  }
}

}  // namespace

std::string echo(const std::string& text) {
  std::size_t chars = 0, i = 0;
  for (; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80 && chars++ == kMaxEchoChars) break;
  }
  return i < text.size() ? text.substr(0, i) + "…" : text;
}

// The language a request asks for, before it is parsed (errors of parsing are the first a
// user can meet): "lang": "zh" anywhere in the text.
Lang lang_hint(const std::string& text) {
  const std::size_t key = text.find("\"lang\"");
  if (key == std::string::npos) return Lang::en;
  std::size_t i = key + 6;
  while (i < text.size() && (text[i] == ' ' || text[i] == ':' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) ++i;
  return text.compare(i, 4, "\"zh\"") == 0 ? Lang::zh : Lang::en;
}

nlohmann::json parse_limited(const std::string& text) {
  return parse_limited(text, lang_hint(text.substr(0, std::min(text.size(), kMaxRequestBytes))), Document::request);
}

nlohmann::json parse_limited(const std::string& text, Lang lang, Document document) {
  if (text.size() > kMaxRequestBytes)
    // Only the limit is named: the CLI reads one byte past it, so the size read is not the input's.
    throw Error(errc::invalid_value, "",
                say(lang, document == Document::catalog ? msg::error_catalog_too_large : msg::error_request_too_large,
                    {{"limit", format_int(kMaxRequestBytes)}}));
  return parse_watched(text, lang, document);
}

}  // namespace gpusizer::jsonio
