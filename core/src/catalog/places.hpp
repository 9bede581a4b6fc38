// Where an offer's machines are, as people name places: mainland China, its regions (华东, 西北),
// provinces and the cities with data centres; a few places outside it. An offer's free-text
// region ("CN-Northwest", "us-east-1", "华东-常州") and a request's goal.region ("jiangsu",
// "常州", "mainland China") are read into the same places, so one can be held against the other.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "diagnostics/messages.hpp"

namespace gpusizer {

struct Place {
  std::string_view id;      // "cn", "cn-east", "jiangsu", "changzhou", "us"
  std::string_view en, zh;  // its name
  std::string_view parent;  // the place it lies in ("" for a country or a continent)
  std::string_view aliases; // the names read as it, '|'-separated, Latin ones lower-case
};

// Every place known, parents before their children.
const std::vector<Place>& places();
const Place* find_place(std::string_view id);

// The place a text names: a place's id or one of its names or aliases, in any case, or a
// text naming several nested ones ("CN-Hubei", "江苏常州", "华东-常州"), read as the innermost;
// null when it names none, or several that do not nest ("EU/NA", "global").
const Place* place_of_text(std::string_view text);

// Whether `place` is `area` or lies in it (a city in its province, a province in China).
bool place_within(const Place& place, const Place& area);

std::string place_name(const Place& place, Lang lang);

}  // namespace gpusizer
