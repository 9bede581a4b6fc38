// Picking the English or Chinese wording of a message (internal).
#pragma once

#include <string>

namespace gpusizer {

inline std::string tr(const std::string& lang, const std::string& en, const std::string& zh) {
  return lang == "zh" ? zh : en;
}

}  // namespace gpusizer
