// Buying and hosting the machines instead of renting them: for each machine type the job's
// options rent, what one costs to buy, to host and to power a month, the bill of owning enough
// of them for this job, and the month from which owning beats the cheapest continuous rental.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "catalog/owning.hpp"
#include "rental/option.hpp"
#include "rental/pricing.hpp"

namespace gpusizer {

struct Ownership {
  std::string gpu;
  int gpus_per_machine = 8;
  int machines = 0;                    // for this job: as many as its cheapest rental of these GPUs uses
  PurchasePrice purchase;              // one machine, as listed
  std::string purchase_from;           // "table" (gpusizer's), else the offer id whose catalog gave it
  double price = 0;                    // one machine, request currency
  MachinePower power;
  double hosting_per_month = 0;        // one machine, request currency
  std::string hosting_basis;           // words, the request's language
  double power_per_month = 0;          // one machine running all month, request currency
  std::string power_basis;
  double pue = 0, power_per_kwh = 0;   // request currency per kWh
  std::string rental_offer;            // the cheapest continuous rental of such a machine
  double rental_per_month = 0;         // one machine, request currency
  std::optional<int> break_even_months;       // owning, sold then at the resale value, costs no more
  std::optional<int> cash_break_even_months;  // owning, kept, costs no more (no resale)
  // The bill of owning for this job: the purchase less its resale at the end, hosting for the
  // whole months owned, power for the hours trained.
  int months = 0;
  std::vector<BillLine> lines;
  double amount = 0;
  std::string job_offer;               // the rental option compared with (its whole bill)
  double job_rental_amount = 0;
  std::string confidence;              // the lowest of its figures'
};

// One entry per GPU of the options that meet the goal (when none does, of those with a cost), in
// the order of their cheapest option, when a purchase price is known (gpusizer's table, or an offer's purchasePrice in the catalog).
std::vector<Ownership> ownership(Lang lang, const Catalog& catalog, const std::vector<Option>& options, const Money& money);

}  // namespace gpusizer
