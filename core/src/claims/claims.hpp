// The claims of the renters' guide this calculator answers (a Chinese article on renting GPUs
// in Changzhou to match a model's training scale), each checked live by the core (internal).
#pragma once

#include <string>

#include "diagnostics/messages.hpp"

namespace gpusizer {

// {"claims": [{"id", "claim", "claimed", "claimedText", "computed", "unit", "request",
// "verdict", "explanation"}]}: every figure computed now through estimate_json, never stored.
std::string claims_document(Lang lang);

}  // namespace gpusizer
