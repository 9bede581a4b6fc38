#include "contract/quantity.hpp"

#include <cmath>
#include <cstdlib>
#include <string>

namespace gpusizer {
namespace {

struct Suffix {
  std::string_view text;
  int exponent;
};

// Longest first, so "万亿" wins over "亿" and "千亿" over "千".
constexpr Suffix kSuffixes[] = {
    {"万亿", 12}, {"千亿", 11}, {"百亿", 10}, {"十亿", 9}, {"千万", 7}, {"百万", 6},
    {"亿", 8},    {"万", 4},    {"千", 3},    {"K", 3},    {"k", 3},    {"M", 6},
    {"m", 6},     {"B", 9},     {"b", 9},     {"T", 12},   {"t", 12},   {"%", -2},
};

// English scale words after the number ("2 trillion", "70 billion"), any case.
constexpr Suffix kWords[] = {{"thousand", 3}, {"million", 6}, {"billion", 9}, {"trillion", 12}};

// Full-width forms (U+FF01-U+FF5E, what a Chinese input method types: "７Ｂ", "1，000，000",
// "40％") become their ASCII twins, the ideographic space (U+3000) a space; everything else
// is kept as it is.
std::string halfwidth(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    if (b0 == 0xEF && i + 2 < s.size()) {
      const auto b1 = static_cast<unsigned char>(s[i + 1]), b2 = static_cast<unsigned char>(s[i + 2]);
      const unsigned code = ((b0 & 0x0Fu) << 12) | ((b1 & 0x3Fu) << 6) | (b2 & 0x3Fu);
      if (code >= 0xFF01 && code <= 0xFF5E) {
        out += static_cast<char>(code - 0xFF01 + 0x21);
        i += 2;
        continue;
      }
    }
    if (b0 == 0xE3 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
        static_cast<unsigned char>(s[i + 2]) == 0x80) {
      out += ' ';
      i += 2;
      continue;
    }
    out += s[i];
  }
  return out;
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const char x = a[i] >= 'A' && a[i] <= 'Z' ? static_cast<char>(a[i] - 'A' + 'a') : a[i];
    if (x != b[i]) return false;
  }
  return true;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// Integer part with optional thousands separators: "1234" or "1,234,567".
bool take_integer_part(std::string_view& s, std::string& out) {
  std::size_t i = 0;
  while (i < s.size() && is_digit(s[i])) out += s[i++];
  if (i == 0) return false;
  if (i < s.size() && s[i] == ',') {
    if (i > 3) return false;  // first group of a grouped number has 1-3 digits
    while (i < s.size() && s[i] == ',') {
      std::size_t j = i + 1;
      std::size_t n = 0;
      while (j < s.size() && is_digit(s[j]) && n < 4) {
        ++j;
        ++n;
      }
      if (n != 3) return false;
      out.append(s.substr(i + 1, 3));
      i = j;
    }
  }
  s.remove_prefix(i);
  return true;
}

// Chinese numerals written out: 七十亿, 两万亿, 一千五百亿, 一亿五千万. Digits set the pending
// number, 十/百/千 add it times the unit to the section, 万 scales the section, 亿 closes
// everything so far (so 万亿 = 1e12). Integers only; exact up to 2^53.
std::optional<double> parse_chinese_numeral(std::string_view s) {
  struct Glyph {
    std::string_view text;
    int digit;      // 0-9, or -1
    double unit;    // 10, 100, 1000 (small units), 1e4, 1e8 (big), or 0
  };
  static constexpr Glyph kGlyphs[] = {
      {"零", 0, 0}, {"〇", 0, 0}, {"一", 1, 0}, {"二", 2, 0},    {"两", 2, 0},    {"三", 3, 0},
      {"四", 4, 0}, {"五", 5, 0}, {"六", 6, 0}, {"七", 7, 0},    {"八", 8, 0},    {"九", 9, 0},
      {"十", -1, 10}, {"百", -1, 100}, {"千", -1, 1000}, {"万", -1, 1e4}, {"亿", -1, 1e8},
  };
  double total = 0, section = 0, number = 0;
  bool any = false, pending = false;
  while (!s.empty()) {
    const Glyph* glyph = nullptr;
    for (const Glyph& g : kGlyphs)
      if (s.substr(0, g.text.size()) == g.text) glyph = &g;
    if (!glyph) return std::nullopt;
    s.remove_prefix(glyph->text.size());
    any = true;
    if (glyph->digit >= 0) {
      number = glyph->digit;
      pending = true;
    } else if (glyph->unit < 1e4) {
      section += (pending ? number : 1) * glyph->unit;  // 十五 = 15
      number = 0;
      pending = false;
    } else if (glyph->unit == 1e4) {
      section = (section + number) * 1e4;
      number = 0;
      pending = false;
    } else {
      total = (total + section + number) * 1e8;
      section = number = 0;
      pending = false;
    }
  }
  const double value = total + section + number;
  if (!any || !std::isfinite(value)) return std::nullopt;  // 亿亿亿... overflows
  return value;
}

}  // namespace

std::optional<double> parse_quantity(std::string_view text) {
  const std::string normalized = halfwidth(text);
  std::string_view s = trim(normalized);
  if (!s.empty() && static_cast<unsigned char>(s.front()) >= 0x80)
    if (auto chinese = parse_chinese_numeral(s)) return chinese;
  std::string mantissa;
  if (s.empty()) return std::nullopt;
  if (s.front() == '+' || s.front() == '-') {
    mantissa += s.front();
    s.remove_prefix(1);
  }
  bool has_integer_part = !s.empty() && s.front() != '.';
  if (has_integer_part && !take_integer_part(s, mantissa)) return std::nullopt;
  if (!s.empty() && s.front() == '.') {
    s.remove_prefix(1);
    std::size_t n = 0;
    while (n < s.size() && is_digit(s[n])) ++n;
    if (n == 0 && !has_integer_part) return std::nullopt;  // a lone "."
    mantissa += has_integer_part ? "." : "0.";
    mantissa.append(s.substr(0, n));
    s.remove_prefix(n);
  } else if (!has_integer_part) {
    return std::nullopt;
  }
  long exponent = 0;
  if (!s.empty() && (s.front() == 'e' || s.front() == 'E')) {
    std::size_t i = 1;
    bool negative = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
    std::size_t start = i;
    while (i < s.size() && is_digit(s[i]) && i - start < 4) exponent = exponent * 10 + (s[i++] - '0');
    if (i == start) return std::nullopt;
    if (i < s.size() && is_digit(s[i])) return std::nullopt;  // absurd exponent
    if (negative) exponent = -exponent;
    s.remove_prefix(i);
  }
  s = trim(s);
  if (!s.empty()) {
    bool matched = false;
    for (const Suffix& suffix : kSuffixes) {
      if (s == suffix.text) {
        exponent += suffix.exponent;
        matched = true;
        break;
      }
    }
    for (const Suffix& word : kWords) {
      if (!matched && equals_ignoring_case(s, word.text)) {
        exponent += word.exponent;
        matched = true;
      }
    }
    if (!matched) return std::nullopt;
  }
  std::string number = mantissa + "e" + std::to_string(exponent);
  char* end = nullptr;
  double value = std::strtod(number.c_str(), &end);
  if (end != number.c_str() + number.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

namespace {

bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

// A number without a magnitude of its own: digits (grouped in threes), a point, an exponent, or
// Chinese numerals; "8T" before "B" is no number here.
std::optional<double> plain_number(std::string_view s) {
  s = trim(s);
  if (s.empty()) return std::nullopt;
  bool ascii = true;
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x80) ascii = false;
    else if (!(is_digit(c) || c == '.' || c == ',' || c == '+' || c == '-' || c == 'e' || c == 'E')) return std::nullopt;
  }
  if (!ascii) {
    for (char c : s)
      if (static_cast<unsigned char>(c) < 0x80) return std::nullopt;  // 八 or 一百, not 8万
    return parse_chinese_numeral(s);
  }
  return parse_quantity(s);
}

struct Unit {
  std::string_view text;
  double factor;
};

}  // namespace

SizeParse parse_size(std::string_view text) {
  const std::string normalized = halfwidth(text);
  const std::string_view s = trim(normalized);
  SizeParse out;
  // Longest first, so "TiB" wins over "B" and "千字节" over "字节".
  static constexpr Unit kUnits[] = {
      {"千字节", 1e3}, {"兆字节", 1e6}, {"吉字节", 1e9}, {"太字节", 1e12}, {"拍字节", 1e15}, {"字节", 1},
      {"KiB", 1024.0}, {"kiB", 1024.0}, {"MiB", 1048576.0}, {"GiB", 1073741824.0}, {"TiB", 1099511627776.0},
      {"PiB", 1125899906842624.0}, {"bytes", 1}, {"byte", 1}, {"KB", 1e3}, {"kB", 1e3}, {"MB", 1e6},
      {"GB", 1e9}, {"TB", 1e12}, {"PB", 1e15}, {"EB", 1e18}, {"B", 1},
  };
  for (const Unit& u : kUnits) {
    if (!ends_with(s, u.text)) continue;
    const auto number = plain_number(s.substr(0, s.size() - u.text.size()));
    if (!number) break;  // "8TTB", "1.5万GB": not a size
    out.status = SizeParse::ok;
    out.bytes = *number * u.factor;
    return out;
  }
  // Why not: a bit (b) where a byte was meant, a magnitude without a unit, or neither.
  static constexpr std::string_view kBits[] = {"Kb", "kb", "Mb", "mb", "Gb", "gb", "Tb", "tb", "Pb", "pb", "bit", "bits"};
  for (std::string_view b : kBits)
    if (ends_with(s, b) && plain_number(s.substr(0, s.size() - b.size()))) {
      out.status = SizeParse::bits;
      return out;
    }
  if (plain_number(s)) {  // bytes, as a JSON number would be
    out.status = SizeParse::ok;
    out.bytes = *plain_number(s);
    return out;
  }
  if (parse_quantity(s)) out.status = SizeParse::count;  // "8T", "8 trillion", "8万"
  return out;
}

std::optional<double> parse_rate(std::string_view text) {
  const std::string normalized = halfwidth(text);
  std::string_view s = trim(normalized);
  if (auto plain = plain_number(s)) return plain;
  // Chinese lines: 百兆 / 千兆 / 万兆 alone, or a number of 兆 (Mbit/s), "宽带" after either.
  if (ends_with(s, "宽带")) s = trim(s.substr(0, s.size() - std::string_view("宽带").size()));
  static constexpr Unit kChinese[] = {{"百兆", 100}, {"千兆", 1000}, {"万兆", 10000}};
  for (const Unit& u : kChinese)
    if (s == u.text) return u.factor;
  static constexpr Unit kUnits[] = {
      {"兆比特/秒", 1}, {"兆", 1}, {"Mbit/s", 1}, {"Gbit/s", 1000}, {"kbit/s", 1e-3}, {"Kbit/s", 1e-3}, {"Tbit/s", 1e6},
      {"Mb/s", 1}, {"Gb/s", 1000}, {"kb/s", 1e-3}, {"Kb/s", 1e-3}, {"Tb/s", 1e6},
      {"KB/s", 8e-3}, {"kB/s", 8e-3}, {"MB/s", 8}, {"GB/s", 8000},
      {"M", 1},  // "100M宽带" (the 宽带 taken off above), as Chinese broadband is sold
  };
  for (const Unit& u : kUnits)
    if (ends_with(s, u.text))
      if (auto number = plain_number(s.substr(0, s.size() - u.text.size()))) return *number * u.factor;
  // "100 Mbps", "1gbps": bps is bits in any case.
  static constexpr Unit kBps[] = {{"kbps", 1e-3}, {"mbps", 1}, {"gbps", 1000}, {"tbps", 1e6}};
  if (s.size() > 4) {
    std::string tail(s.substr(s.size() - 4));
    for (char& c : tail)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    for (const Unit& u : kBps)
      if (tail == u.text)
        if (auto number = plain_number(s.substr(0, s.size() - 4))) return *number * u.factor;
  }
  return std::nullopt;
}

}  // namespace gpusizer
