// What the user asks of time and money: a deadline, a budget, the currency (internal).
#pragma once

#include <optional>
#include <string>

namespace gpusizer {

struct Goal {
  std::optional<double> days;
  std::optional<double> budget;
  std::string currency = "CNY";
  std::optional<double> usd_cny;  // overrides the catalog's dated rate
  bool sensitive_data = false;    // point to physically isolated local data-centre offers
  std::string as_of;              // "YYYY-MM-DD": today, for the age of prices (default: catalog date)
  std::string region;             // a place id (catalog/places.hpp): offers elsewhere are outside; "" any
};

}  // namespace gpusizer
