#include "contract/limits.hpp"

#include <string>

#include "common/numbers.hpp"
#include "contract/json_parse.hpp"
#include "gpusizer/error.hpp"

namespace gpusizer::jsonio {

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

Value parse_limited(const std::string& text) {
  return parse_limited(text, lang_hint(text.substr(0, std::min(text.size(), kMaxRequestBytes))), Document::request);
}

Value parse_limited(const std::string& text, Lang lang, Document document) {
  if (text.size() > kMaxRequestBytes)
    // Only the limit is named: the CLI reads one byte past it, so the size read is not the input's.
    throw Error(errc::invalid_value, "",
                say(lang, document == Document::catalog ? msg::error_catalog_too_large : msg::error_request_too_large,
                    {{"limit", format_int(kMaxRequestBytes)}}));
  const ParseWatch watch{lang, document == Document::catalog};
  return parse_text(text, &watch);
}

}  // namespace gpusizer::jsonio
