#include "diagnostics/messages.hpp"

#include <algorithm>

#include "common/numbers.hpp"

namespace gpusizer {
namespace {

struct Entry {
  const char* key;
  const char* en;
  const char* zh;
};

constexpr Entry kTable[] = {
#define GPUSIZER_MESSAGE(id, en, zh) {#id, en, zh},
#include "diagnostics/message_table.inc"
#undef GPUSIZER_MESSAGE
};
static_assert(sizeof(kTable) / sizeof(kTable[0]) == msg::kCount, "one table entry per message id");

}  // namespace

const char* lang_name(Lang lang) { return lang == Lang::zh ? "zh" : "en"; }

const char* message_key(msg::Id id) { return kTable[id].key; }

const char* message_template(Lang lang, msg::Id id) { return lang == Lang::zh ? kTable[id].zh : kTable[id].en; }

Arg::Arg(const char* n, int v) : name(n), value(format_int(v)) {}
Arg::Arg(const char* n, long v) : name(n), value(format_int(static_cast<double>(v))) {}

std::string format_money(Lang lang, double amount, const std::string& currency) {
  const bool zh = lang == Lang::zh;
  const std::string symbol = currency == "USD" ? (zh ? "US$" : "$") : currency == "CNY" ? (zh ? "¥" : "CN¥") : currency + " ";
  return symbol + format_int(amount);
}

std::string format_count(Lang lang, double x, int digits) { return format_magnitude(x, digits, lang == Lang::zh); }

std::string say(Lang lang, msg::Id id, std::initializer_list<Arg> args) {
  const std::string_view text = message_template(lang, id);
  std::string out;
  out.reserve(text.size() + 32);
  for (std::size_t i = 0; i < text.size();) {
    // The text up to the next brace at once (a character at a time was a call each in the
    // size-optimized wasm build).
    const std::size_t open = std::min(text.find('{', i), text.size());
    out.append(text.data() + i, open - i);
    i = open;
    if (i == text.size()) break;
    const std::size_t close = text.find('}', i);
    if (close != std::string_view::npos) {
      const std::string_view name = text.substr(i + 1, close - i - 1);
      const Arg* found = nullptr;
      for (const Arg& a : args)
        if (a.name == name) found = &a;
      if (found) {
        out += found->value;
        i = close + 1;
        continue;
      }
    }
    out += text[i++];
  }
  return out;
}

}  // namespace gpusizer
