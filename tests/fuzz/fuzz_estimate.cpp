// libFuzzer target: whatever the request, estimate_json answers within the rules of
// docs/hardening.md (tests/property/rules.hpp: one JSON object, no null, every number finite and
// >= 0, costs the sum of their lines, exactly one recommended option when any is usable, no
// internal_error), never a crash, a sanitizer finding (all fatal in the fuzz preset) or a hang.
// Seeds: tests/fuzz/corpus/estimate; dictionary: tests/fuzz/gpusizer.dict.
//
// Most byte mutations of a JSON request make it invalid JSON, which is answered on the first
// line; the custom mutator below mostly mutates the request as JSON instead (a number turned
// extreme, a key dropped, renamed or added, an enum swapped, a subtree copied), so the runs
// reach the estimate.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../property/rules.hpp"
#include "gpusizer/api.hpp"

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t max_size);

// UBSan's findings stop the run (with -fno-sanitize-recover=all in the preset) and print where.
extern "C" const char* __ubsan_default_options() { return "halt_on_error=1:print_stacktrace=1"; }

namespace {

using nlohmann::json;

const double kNumbers[] = {0, -1, 1, 0.5, 1e-320, 1e-300, 1e-9, 0.01, 2147483648.0, 9007199254740993.0, 9.3e18,
                           1e15, 1e18, 36500, 876000, 1e300, 1.7976931348623157e308, 1048576, 1048577, 65536};
const char* const kStrings[] = {
    "7B", "70亿", "2T", "2万亿", "40%", "1,000,000", "1e18", "0", "-1", "abc", "", "2026-02-29", "2024-02-29",
    "2026-13-01", "2026", "2026-10", "9999", "en", "zh", "lora", "qlora", "pretrain", "full-finetune", "fp8", "bf16",
    "fp16", "eager", "fused", "full", "selective", "none", "USD", "CNY", "infiniband", "ethernet", "nvlink", "pcie",
    "xgmi", "hccs", "sxm", "oam", "module", "hopper", "ampere", "ada", "blackwell", "cdna3", "davinci", "volta",
    "h100-80gb", "a100-80gb", "rtx-4090", "mi300x-192gb", "ascend-910b", "llama-2-7b", "mixtral-8x7b", "deepseek-v3",
    "private", "physical", "shared", "local-dc", "cloud", "longest", "max-length", "q_proj,v_proj", "all-linear"};
const char* const kKeys[] = {
    "model", "training", "hardware", "goal", "efficiency", "catalog", "lang", "preset", "params", "activeParams",
    "layers", "hidden", "heads", "kvHeads", "ffnHidden", "vocab", "seqLen", "experts", "expertsPerToken", "tokens",
    "epochs", "mode", "precision", "examples", "tokensPerExample", "gpu", "count", "parallelism", "tp", "pp", "dp",
    "ep", "microBatch", "globalBatch", "interNodeGBps", "days", "budget", "currency", "usdCny", "asOf", "mfu", "gpus",
    "offers", "fx", "id", "provider", "gpusPerUnit", "unitsAvailable", "prices", "hour", "day", "month", "year",
    "minTermHours", "setupFee", "interconnect", "interUnit", "interUnitGBpsPerGpu", "priceDate", "memoryGiB",
    "memoryBandwidthTBps", "peakTflops", "intraNode", "gbps", "kind", "interNodeGBpsPerGpu", "architecture",
    "formFactor", "includeDefaultOffers", "gpuPerUnit", "Currency"};

void collect(json& node, std::vector<json*>& out) {
  out.push_back(&node);
  if (node.is_structured())
    for (auto& child : node) collect(child, out);
}

template <typename T, std::size_t N>
const T& any(const T (&items)[N], std::minstd_rand& rng) {
  return items[rng() % N];
}

// One structural change to a random node of the request.
void mutate(json& doc, std::minstd_rand& rng) {
  std::vector<json*> nodes;
  collect(doc, nodes);
  json& node = *nodes[rng() % nodes.size()];
  switch (node.type()) {
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float: {
      const double x = node.get<double>();
      const double choices[] = {any(kNumbers, rng), x * 10, x / 10, -x, x + 1, x * 1e6};
      node = choices[rng() % 6];
      break;
    }
    case json::value_t::string:
      node = rng() % 4 ? json(any(kStrings, rng)) : json(any(kNumbers, rng));
      break;
    case json::value_t::boolean:
      node = !node.get<bool>();
      break;
    case json::value_t::object:
      if (!node.empty() && rng() % 3 == 0) {
        auto it = node.begin();
        std::advance(it, rng() % node.size());
        node.erase(it.key());
      } else {
        const json values[] = {any(kNumbers, rng), any(kStrings, rng), json::object(), json::array(), true,
                               *nodes[rng() % nodes.size()]};
        node[any(kKeys, rng)] = values[rng() % 6];
      }
      break;
    case json::value_t::array:
      if (!node.empty() && rng() % 2) node.erase(node.begin() + static_cast<long>(rng() % node.size()));
      else if (!node.empty()) node.push_back(node[rng() % node.size()]);
      break;
    default:
      node = any(kNumbers, rng);
  }
}

}  // namespace

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t max_size,
                                               unsigned int seed) {
  std::minstd_rand rng(seed);
  json doc = json::parse(data, data + size, nullptr, false);
  if (doc.is_discarded() || !doc.is_structured() || rng() % 5 == 0) return LLVMFuzzerMutate(data, size, max_size);
  for (unsigned n = 1 + rng() % 3; n > 0; --n) mutate(doc, rng);
  const std::string text = doc.dump(-1, ' ', false, json::error_handler_t::replace);
  if (text.size() > max_size) return LLVMFuzzerMutate(data, size, max_size);
  std::memcpy(data, text.data(), text.size());
  return text.size();
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string request(reinterpret_cast<const char*>(data), size);
  const std::string response = gpusizer::estimate_json(request);
  const auto broken = gpusizer::property::violations(response);
  if (broken.empty()) return 0;
  for (const std::string& b : broken) std::fprintf(stderr, "rule broken: %s\n", b.c_str());
  std::fprintf(stderr, "response: %.2000s\n", response.c_str());
  std::abort();
}
