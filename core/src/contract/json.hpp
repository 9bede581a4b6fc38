// The JSON document the core's readers walk: nlohmann/json's value (objects are std::maps,
// members sorted by key, each key once), read by contract/json_parse.hpp (internal to contract/).
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

namespace gpusizer::jsonio {

using Value = nlohmann::json;

// An object's member, or null when it has none of that key (or is not an object): the readers
// ask "is it there?" and read it in one step.
inline const Value* find(const Value& object, std::string_view key) {
  if (!object.is_object()) return nullptr;
  const auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

}  // namespace gpusizer::jsonio
