// Every sentence the core shows a user, in English and Chinese, from one table
// (diagnostics/message_table.inc) keyed by a stable id with {placeholders}, filled in one place.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

namespace gpusizer {

enum class Lang { en, zh };
const char* lang_name(Lang lang);  // "en" | "zh"

namespace msg {
enum Id : int {
#define GPUSIZER_MESSAGE(id, en, zh) id,
#include "diagnostics/message_table.inc"
#undef GPUSIZER_MESSAGE
  kCount
};
}  // namespace msg

// One placeholder value: "{name}" in the template is replaced by `value`. Numbers are
// formatted by the caller (common/numbers.hpp), so every figure reads the same everywhere.
struct Arg {
  Arg(const char* n, std::string v) : name(n), value(std::move(v)) {}
  Arg(const char* n, const char* v) : name(n), value(v) {}
  // A whole number with its thousands grouped ("7,296 × B200"), as the page writes counts.
  Arg(const char* n, int v);
  Arg(const char* n, long v);
  std::string_view name;
  std::string value;
};

// An amount in whole units with its currency as the page writes it in that language (the
// browser's Intl): "$1,234" and "CN¥1,234" in English, "US$1,234" and "¥1,234" in Chinese.
std::string format_money(Lang lang, double amount, const std::string& currency);

// A count as the language reads it, to `digits` significant digits: "2 trillion", "5.93 million"
// in English, "2万亿", "593万" in Chinese (common/numbers.hpp format_magnitude).
std::string format_count(Lang lang, double x, int digits = 3);

// The message `id` in `lang` with its placeholders filled.
std::string say(Lang lang, msg::Id id, std::initializer_list<Arg> args = {});

// The table itself, for tests: the stable key of an id and its template in one language.
const char* message_key(msg::Id id);
const char* message_template(Lang lang, msg::Id id);

}  // namespace gpusizer
