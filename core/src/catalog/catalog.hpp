// The catalog: GPU specifications, rental offers and model presets, typed.
// The default one is compiled in from core/data/*.json; a provider may supply its own
// in the request (same schema), which replaces the default offers.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/model.hpp"
#include "diagnostics/messages.hpp"

namespace gpusizer {

enum class Precision { bf16, fp16, fp8 };

// A catalog's prose in both languages: a plain string (the same in both, as proper names
// are) or {"en": ..., "zh": ...} in the JSON.
struct Text {
  std::string en, zh;
  const std::string& in(Lang lang) const { return lang == Lang::zh && !zh.empty() ? zh : en; }
  bool empty() const { return en.empty() && zh.empty(); }
};

struct PeakTflops {
  // Dense tensor-core peaks; 0 where the GPU has no such mode.
  double bf16 = 0, fp16 = 0, fp8 = 0, tf32 = 0;
  double at(Precision p) const { return p == Precision::bf16 ? bf16 : p == Precision::fp16 ? fp16 : fp8; }
};

struct Gpu {
  std::string id;
  Text name;
  std::string vendor, form_factor;
  std::string architecture;          // volta | ampere | ada | hopper | blackwell | cdna3 | davinci
  double memory_gib = 0;
  double memory_bandwidth_tbps = 0;
  PeakTflops peak_tflops;
  int gpus_per_node = 8;
  std::string intra_node_link;       // e.g. "NVLink 3.0"
  std::string intra_node_kind;       // nvlink | pcie | xgmi | hccs
  double intra_node_gbps = 0;        // GB/s, both directions together, per GPU (NVIDIA's convention)
  double inter_node_gbps_per_gpu = 0;  // GB/s one direction per GPU, typical rental fabric
  std::string inter_node_fabric;
  double tdp_watts = 0;
  double default_mfu = 0.35;
  std::string export_variant_of;
  bool nvlink_capped = false;
  std::string confidence, source;
};

enum class Period { hour = 0, day = 1, month = 2, year = 3, setup = 4 };  // setup: a one-time fee, not a period
inline constexpr std::array<Period, 4> kPeriods = {Period::hour, Period::day, Period::month, Period::year};
// A month is 30 days and a year 365 days, the convention of the price data (CMIS).
inline constexpr std::array<double, 4> kPeriodHours = {1, 24, 720, 8760};
inline double period_hours(Period p) { return p == Period::setup ? 0 : kPeriodHours[static_cast<int>(p)]; }
const char* period_name(Period p);

struct Offer {
  std::string id;
  Text provider;
  std::string deployment, tier;
  Text region;
  std::string gpu;
  int gpus_per_unit = 1;
  std::optional<int> units_available;  // nullopt: not limited
  int max_gpus_per_node = 8;           // GPUs that can share one machine on this offer
  std::string currency;                // CNY | USD
  std::array<std::optional<double>, 4> prices;  // per unit per period, indexed by Period
  double min_term_hours = 0;
  bool spot = false;
  std::string isolation;               // private | shared
  std::string intra_unit, inter_unit;  // inter_unit "none": units cannot form one job
  std::optional<double> inter_unit_gbps_per_gpu;
  std::optional<double> setup_fee;                 // once per unit, offer currency
  std::optional<double> storage_price_per_gb_month, storage_included_gb, egress_price_per_gb;
  // Bandwidth as Chinese data centres sell it: per Mbit/s per month on top of what the unit
  // includes; a public IP per month where the unit comes without one; support per month.
  std::optional<double> bandwidth_price_per_mbps_month, included_mbps, public_ip_price_per_month, included_public_ips,
      support_price_per_month;
  // What owning the unit costs, where the provider states it (it sells or hosts the machines):
  // its purchase price, its power draw, hosting per month, electricity and PUE.
  std::optional<double> purchase_price, power_kw, hosting_price_per_month, power_price_per_kwh, pue;
  std::optional<double> deposit_months;
  Text commitment;                                 // the term as sold, e.g. "1-year lease, pay monthly"
  std::string price_date, confidence, source, price_as_listed;
  Text notes;
};

struct Fx {
  double usd_cny = 0;  // CNY per USD
  std::string date, source;
};

struct Catalog {
  std::string version;
  std::string as_of;  // date the prices were last reviewed ("asOf"; default: the fx date)
  Fx fx;
  std::vector<Gpu> gpus;
  std::vector<Offer> offers;
  std::vector<Model> models;  // the presets

  const Gpu* find_gpu(const std::string& id) const;
  const Model* find_model(const std::string& id) const;
};

}  // namespace gpusizer
