// utf8_length and utf8_lead (common/text.hpp), the UTF-8 check of the JSON parser, the JSON
// writer and the price-list reader: against a decoder written the other way round (decode the
// code point, then refuse overlong forms, surrogates and code points above U+10FFFF).
#include <catch2/catch.hpp>

#include <string>

#include "common/text.hpp"

namespace {

std::size_t decoded_length(const std::string& s) {
  const auto c = static_cast<unsigned char>(s[0]);
  std::size_t len = 0;
  unsigned long cp = 0;
  if (c < 0x80) return 1;
  if ((c & 0xE0) == 0xC0) len = 2, cp = c & 0x1F;
  else if ((c & 0xF0) == 0xE0) len = 3, cp = c & 0x0F;
  else if ((c & 0xF8) == 0xF0) len = 4, cp = c & 0x07;
  else return 0;
  if (s.size() < len) return 0;
  for (std::size_t k = 1; k < len; ++k) {
    const auto b = static_cast<unsigned char>(s[k]);
    if ((b & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b & 0x3F);
  }
  static const unsigned long kMin[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kMin[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

}  // namespace

TEST_CASE("utf8_length accepts exactly the well-formed characters", "[text]") {
  // Every lead byte with every second byte, and with every third; the fourth from a sample
  // that spans the continuation range and its edges.
  const int fourth[] = {0x00, 0x7F, 0x80, 0x81, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF};
  std::size_t checked = 0, differ = 0;
  const auto same = [&](const std::string& s) {
    ++checked;
    if (gpusizer::utf8_length(s, 0) != decoded_length(s)) {
      ++differ;
      FAIL_CHECK("differs on " << s.size() << " bytes from " << static_cast<int>(static_cast<unsigned char>(s[0])));
    }
  };
  for (int a = 0; a < 256; ++a)
    for (int b = 0; b < 256; ++b) {
      std::string s{static_cast<char>(a), static_cast<char>(b)};
      same(s);
      same(s.substr(0, 1));
      if (a < 0xE0 || a > 0xF7) continue;
      for (int c = 0x70; c < 0xD0; ++c) {
        std::string t = s + static_cast<char>(c);
        same(t);
        for (int d : fourth) same(t + static_cast<char>(d));
      }
    }
  CHECK(checked > 1000000);
  CHECK(differ == 0);
  CHECK(gpusizer::utf8_length("a\xE4\xBA\xBF", 1) == 3);  // at an offset
}
