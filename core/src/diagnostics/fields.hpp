// The request's fields in words: errors and warnings keep the JSON pointer of the field at
// fault (path), and name it as people do, in their language (internal).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "diagnostics/messages.hpp"

namespace gpusizer {

// A field as the contract names it for a client and a reader:
//  id: stable, the pointer's keys joined by dots with array indices dropped ("goal.budget",
//      "training.loraTargets", "catalog.offers.prices.hour", "model.hfConfig.num_hidden_layers";
//      "offers.prices.hour" in a catalog checked on its own);
//  label: the field in words in `lang` ("budget", "price by the hour of catalog offer 4").
struct FieldName {
  std::string id;
  std::string label;
};

// The field a JSON pointer of a request (or of a catalog checked on its own) names; nullopt
// for "" and for keys the contract does not read (an unknown key, a price list's row).
std::optional<FieldName> field_name(Lang lang, std::string_view path);

// The field's words alone ("deadline"), for a message naming another field: id as FieldName.
std::string field_words(Lang lang, std::string_view id);

// "budget: must be more than 0" ("预算：应大于 0"): a message led by the field it is about.
std::string with_field(Lang lang, const std::string& label, const std::string& message);

}  // namespace gpusizer
