#include "diagnostics/duration.hpp"

#include "common/numbers.hpp"

namespace gpusizer {

std::string duration_text(Lang lang, double days) {
  const double hours = days * 24;
  if (hours < 1.0 / 60) return say(lang, msg::duration_under_minute);
  if (hours < 1) return say(lang, msg::duration_minutes, {{"n", format_sig(hours * 60, 2)}});
  if (hours < 48) return say(lang, msg::duration_hours, {{"n", format_sig(hours, 3)}});
  if (days < 365) return say(lang, msg::duration_days, {{"n", format_sig(days, 3)}});
  return say(lang, msg::duration_years, {{"days", format_int(days)}, {"years", format_sig(days / 365, 3)}});
}

}  // namespace gpusizer
