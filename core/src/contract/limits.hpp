// What a request may hold, checked before any work is done (docs/hardening.md, "Limits"): anything larger
// is refused with invalid_value and the path, so no input can make an answer slow or huge.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "contract/json.hpp"
#include "diagnostics/messages.hpp"
#include "model/model.hpp"
#include "training/run.hpp"

namespace gpusizer::jsonio {

inline constexpr std::size_t kMaxRequestBytes = 2 * 1024 * 1024;  // 2 MiB of JSON text
inline constexpr int kMaxDepth = 64;                              // nested objects and arrays
inline constexpr std::size_t kMaxStringBytes = 1024;              // any string or key
inline constexpr std::size_t kMaxOffers = 2000;                   // offers in a request catalog
inline constexpr std::size_t kMaxGpus = 500;                      // GPUs in a request catalog
inline constexpr std::size_t kMaxModels = 500;                    // models in a request catalog
// Different machines among a request catalog's offers: GPU, GPUs per node, links. Offers of the
// same machine share their plans; each new one costs the planner a search of its own.
inline constexpr std::size_t kMaxMachines = 100;
// (The planner's work in one estimate is bounded too: kMaxPlanningWork, training/timing.hpp.)
inline constexpr std::size_t kMaxWarnings = 50;                   // warnings in one response
inline constexpr std::size_t kMaxEchoChars = 80;                  // characters of input quoted back

// Ranges of values (docs/hardening.md): beyond them no sane answer exists (a utilization of
// 1e-300 makes a run longer than billing can count, a bandwidth of 0 or a rate of 1e-320 makes
// times or costs infinite), so they are refused with invalid_value, the path and the range.
using gpusizer::kMinMfu, gpusizer::kMaxMfu;                          // efficiency.mfu, defaultMfu (training/run.hpp)
inline constexpr double kMinUsdCny = 0.01, kMaxUsdCny = 1000;        // goal.usdCny, fx.usdCny: CNY per USD
inline constexpr double kMinTokens = 1, kMaxTokens = 1e18;           // tokens, examples; also tokens x epochs
inline constexpr double kMinParams = 1, kMaxParams = kMaxModelParams;  // params, activeParams
inline constexpr double kMinPrice = 0.01, kMaxPrice = 1e12;          // an offer's price per unit per period
inline constexpr double kMinEpochs = 0.01, kMaxEpochs = 1e4;
inline constexpr double kMinDays = 0.01, kMaxDays = 36500;           // goal.days: 15 minutes to 100 years
// Bandwidths: between nodes GB/s per GPU one direction (1 GbE to 8 Tb/s), inside a node GB/s
// per GPU both directions (a PCIe Gen1 x1 lane to 5x NVLink 5), memory TB/s.
inline constexpr double kMinNetworkGBps = 0.1, kMaxNetworkGBps = 1000;
inline constexpr double kMinLinkGBps = 0.5, kMaxLinkGBps = 10000;
inline constexpr double kMinMemoryTBps = 0.01, kMaxMemoryTBps = 100;
inline constexpr double kMinPeakTflops = 1, kMaxPeakTflops = 1e5;    // a dense peak, when the GPU has it
// The data (data.*): a dataset of 1 MB to 1 EB on disk; a line above 0 and at most 1 Tbit/s
// (data.uploadMbps, an offer's includedMbps); at most 1,000 checkpoints kept.
inline constexpr double kMinDataBytes = 1e6, kMaxDataBytes = 1e18;
inline constexpr double kMaxLineMbps = 1e6;
inline constexpr int kMaxCheckpointsKept = 1000;
// Owning (an offer's powerKw and pue): a machine draws above 0 and at most 1 MW; a PUE is 1
// (no overhead) to 5.
inline constexpr double kMaxMachineKw = 1000;
inline constexpr double kMinPue = 1, kMaxPue = 5;

// The request text parsed under the limits above: its size before parsing, depth and string
// length while parsing (contract/json_parse.hpp), with the JSON pointer of the value at fault; a syntax
// error names its line and column, in the request's language. Throws gpusizer::Error.
Value parse_limited(const std::string& text);
// The same for a document that is not a request (a catalog checked on its own, which has no
// "lang"): errors in `lang`, naming the document.
enum class Document { request, catalog };
Value parse_limited(const std::string& text, Lang lang, Document document);

// Input quoted back in a message: at most kMaxEchoChars characters (whole UTF-8 characters),
// with an ellipsis when cut.
std::string echo(const std::string& text);

}  // namespace gpusizer::jsonio
