// Owning instead of renting: the dated purchase prices of the 8-GPU machines the catalog rents,
// their power draw, and what hosting and electricity cost in a Chinese and an American data
// centre, each figure with its source and confidence (owning.cpp holds the table and says where
// each figure comes from). A provider's catalog can state its own (Offer::purchase_price...).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gpusizer {

// What one machine (8 GPUs) costs to buy.
struct PurchasePrice {
  double price = 0;          // one machine, in `currency`
  std::string currency;      // CNY | USD
  std::string date;          // YYYY-MM-DD, YYYY-MM or YYYY
  std::string kind;          // list | street | estimate | tender | catalog
  std::string source;        // a citation (kept as published)
  std::string confidence;    // high | medium | low
};

// The machine's price in the market of `currency` (a Chinese buyer's CNY street price, an
// American buyer's USD list price), else the other market's; nullopt when none was found.
std::optional<PurchasePrice> purchase_price(std::string_view gpu, std::string_view currency);

// The machine's power at full load, kW: the system's rated maximum where a datasheet gives it,
// else 8 x the GPU's TDP x 1.82 (a DGX H100's 10.2 kW over its 8 x 700 W GPUs).
struct MachinePower {
  double kw = 0;
  std::string source, confidence;
};
MachinePower machine_power(std::string_view gpu, double gpu_tdp_watts, int gpus);

// Hosting and electricity where the machines would stand: in China (a CNY request) a cabinet a
// month, in the US (USD) a price per kW a month; electricity per kWh and the PUE.
struct Hosting {
  std::string currency;
  double per_cabinet_month = 0;  // > 0: one cabinet per machine
  double per_kw_month = 0;       // > 0: per kW of the machine's power
  std::string hosting_source, hosting_confidence;
  double power_per_kwh = 0;
  std::string power_source, power_confidence;
  double pue = 1.5;
  std::string pue_source, pue_confidence;
};
const Hosting& hosting_for(std::string_view currency);

// Resale: a used GPU server keeps this share of its value from one month to the next (about
// 35 % lost a year). Low confidence: from one price index's curve for the H100.
inline constexpr double kResaleMonthlyFactor = 0.965;
inline constexpr const char* kResaleSource =
    "GPU Lease Rate Index, H100 residual values (60-65 % after a year, 40-45 % after two; 2026-01-08)";
// Owning is compared with renting over at most this many months (10 years).
inline constexpr int kMaxOwningMonths = 120;

}  // namespace gpusizer
