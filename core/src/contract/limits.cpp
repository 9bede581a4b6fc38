#include "contract/limits.hpp"

#include <string>

#include "common/numbers.hpp"
#include "contract/json_parse.hpp"
#include "gpusizer/error.hpp"

namespace gpusizer::jsonio {

std::string echo(const std::string& text) {
  std::string out;
  std::size_t chars = 0, i = 0;
  for (; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if ((byte & 0xC0) != 0x80 && chars++ == kMaxEchoChars) break;
    if (byte < 0x20 || byte == 0x7F) {
      // A control character is shown as JSON writes it: a NUL would end the message in C, a
      // line break would break its line.
      static const char kHex[] = "0123456789abcdef";
      out += byte == '\n' ? "\\n" : byte == '\t' ? "\\t" : byte == '\r' ? "\\r" : "";
      if (byte != '\n' && byte != '\t' && byte != '\r') {
        out += "\\u00";
        out += kHex[byte >> 4];
        out += kHex[byte & 15];
      }
      continue;
    }
    out += text[i];
  }
  return i < text.size() ? out + "…" : out;
}

// The language a request asks for, before it is parsed (errors of parsing are the first a
// user can meet): "lang": "zh" anywhere in the text.
Lang lang_hint(const std::string& full) {
  const std::string_view text(full.data(), std::min(full.size(), kMaxRequestBytes));
  const std::size_t key = text.find("\"lang\"");
  if (key == std::string::npos) return Lang::en;
  std::size_t i = key + 6;
  while (i < text.size() && (text[i] == ' ' || text[i] == ':' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) ++i;
  return text.compare(i, 4, "\"zh\"") == 0 ? Lang::zh : Lang::en;
}

Value parse_limited(const std::string& text, std::vector<std::string>* duplicate_keys) {
  return parse_limited(text, lang_hint(text), Document::request, duplicate_keys);
}

Value parse_limited(const std::string& text, Lang lang, Document document, std::vector<std::string>* duplicate_keys) {
  if (text.size() > kMaxRequestBytes)
    // Only the limit is named: the CLI reads one byte past it, so the size read is not the input's.
    throw Error(errc::invalid_value, "",
                say(lang, document == Document::catalog ? msg::error_catalog_too_large : msg::error_request_too_large,
                    {{"limit", format_int(kMaxRequestBytes)}}));
  const ParseWatch watch{lang, document == Document::catalog, duplicate_keys};
  return parse_text(text, &watch);
}

}  // namespace gpusizer::jsonio
