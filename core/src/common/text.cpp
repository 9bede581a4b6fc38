#include "common/text.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace gpusizer {

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> prev(b.size() + 1), row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j)
      row[j] = std::min({prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    std::swap(prev, row);
  }
  return prev[b.size()];
}

std::size_t utf8_length(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
  const Utf8Lead lead = utf8_lead(byte(0));
  const auto length = static_cast<std::size_t>(lead.length);
  if (length == 0 || text.size() - at < length) return 0;
  if (length > 1 && (byte(1) < lead.lo || byte(1) > lead.hi)) return 0;
  for (std::size_t i = 2; i < length; ++i)
    if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
  return length;
}

}  // namespace gpusizer
