#include "diagnostics/fields.hpp"

#include <algorithm>
#include <vector>

namespace gpusizer {
namespace {

struct Entry {
  std::string_view id;
  msg::Id label;
};

// By id, for a binary search.
constexpr Entry kFields[] = {
    {"catalog", msg::field_catalog},
    {"catalog.asOf", msg::field_catalog_asOf},
    {"catalog.catalogVersion", msg::field_catalog_catalogVersion},
    {"catalog.fx", msg::field_catalog_fx},
    {"catalog.fx.date", msg::field_catalog_fx_date},
    {"catalog.fx.source", msg::field_catalog_fx_source},
    {"catalog.fx.usdCny", msg::field_catalog_fx_usdCny},
    {"catalog.gpus", msg::field_catalog_gpus},
    {"catalog.includeDefaultOffers", msg::field_catalog_includeDefaultOffers},
    {"catalog.models", msg::field_catalog_models},
    {"catalog.offers", msg::field_catalog_offers},
    {"data", msg::field_data},
    {"data.checkpointsKept", msg::field_data_checkpointsKept},
    {"data.kind", msg::field_data_kind},
    {"data.size", msg::field_data_size},
    {"data.tokenizer", msg::field_data_tokenizer},
    {"data.uploadMbps", msg::field_data_uploadMbps},
    {"efficiency", msg::field_efficiency},
    {"efficiency.measuredGpu", msg::field_efficiency_measuredGpu},
    {"efficiency.measuredGpus", msg::field_efficiency_measuredGpus},
    {"efficiency.measuredParallelism", msg::field_efficiency_measuredParallelism},
    {"efficiency.measuredTokensPerSecondPerGpu", msg::field_efficiency_measuredTokensPerSecondPerGpu},
    {"efficiency.mfu", msg::field_efficiency_mfu},
    {"goal", msg::field_goal},
    {"goal.asOf", msg::field_goal_asOf},
    {"goal.budget", msg::field_goal_budget},
    {"goal.currency", msg::field_goal_currency},
    {"goal.days", msg::field_goal_days},
    {"goal.region", msg::field_goal_region},
    {"goal.sensitiveData", msg::field_goal_sensitiveData},
    {"goal.usdCny", msg::field_goal_usdCny},
    {"gpu", msg::field_gpu},
    {"gpu.architecture", msg::field_gpu_architecture},
    {"gpu.confidence", msg::field_gpu_confidence},
    {"gpu.defaultMfu", msg::field_gpu_defaultMfu},
    {"gpu.exportVariantOf", msg::field_gpu_exportVariantOf},
    {"gpu.formFactor", msg::field_gpu_formFactor},
    {"gpu.gpusPerNode", msg::field_gpu_gpusPerNode},
    {"gpu.id", msg::field_gpu_id},
    {"gpu.interNodeFabric", msg::field_gpu_interNodeFabric},
    {"gpu.interNodeGBpsPerGpu", msg::field_gpu_interNodeGBpsPerGpu},
    {"gpu.intraNode", msg::field_gpu_intraNode},
    {"gpu.intraNode.gbps", msg::field_gpu_intraNode_gbps},
    {"gpu.intraNode.kind", msg::field_gpu_intraNode_kind},
    {"gpu.intraNode.link", msg::field_gpu_intraNode_link},
    {"gpu.memoryBandwidthTBps", msg::field_gpu_memoryBandwidthTBps},
    {"gpu.memoryGiB", msg::field_gpu_memoryGiB},
    {"gpu.name", msg::field_gpu_name},
    {"gpu.notes", msg::field_gpu_notes},
    {"gpu.nvlinkCapped", msg::field_gpu_nvlinkCapped},
    {"gpu.peakTflops", msg::field_gpu_peakTflops},
    {"gpu.peakTflops.bf16", msg::field_gpu_peakTflops_bf16},
    {"gpu.peakTflops.fp16", msg::field_gpu_peakTflops_fp16},
    {"gpu.peakTflops.fp8", msg::field_gpu_peakTflops_fp8},
    {"gpu.peakTflops.tf32", msg::field_gpu_peakTflops_tf32},
    {"gpu.source", msg::field_gpu_source},
    {"gpu.tdpWatts", msg::field_gpu_tdpWatts},
    {"gpu.vendor", msg::field_gpu_vendor},
    {"hardware", msg::field_hardware},
    {"hardware.allowNonCuda", msg::field_hardware_allowNonCuda},
    {"hardware.count", msg::field_hardware_count},
    {"hardware.gpu", msg::field_hardware_gpu},
    {"hardware.interNodeGBps", msg::field_hardware_interNodeGBps},
    {"hardware.parallelism", msg::field_hardware_parallelism},
    {"hardware.parallelism.dp", msg::field_hardware_parallelism_dp},
    {"hardware.parallelism.ep", msg::field_hardware_parallelism_ep},
    {"hardware.parallelism.globalBatch", msg::field_hardware_parallelism_globalBatch},
    {"hardware.parallelism.interleave", msg::field_hardware_parallelism_interleave},
    {"hardware.parallelism.microBatch", msg::field_hardware_parallelism_microBatch},
    {"hardware.parallelism.pp", msg::field_hardware_parallelism_pp},
    {"hardware.parallelism.recompute", msg::field_hardware_parallelism_recompute},
    {"hardware.parallelism.sequenceParallel", msg::field_hardware_parallelism_sequenceParallel},
    {"hardware.parallelism.tp", msg::field_hardware_parallelism_tp},
    {"hardware.parallelism.zero", msg::field_hardware_parallelism_zero},
    {"lang", msg::field_lang},
    {"model", msg::field_model},
    {"model.activation", msg::field_model_activation},
    {"model.activeParams", msg::field_model_activeParams},
    {"model.attention", msg::field_model_attention},
    {"model.denseLayers", msg::field_model_denseLayers},
    {"model.expertFfnHidden", msg::field_model_expertFfnHidden},
    {"model.experts", msg::field_model_experts},
    {"model.expertsPerToken", msg::field_model_expertsPerToken},
    {"model.ffnHidden", msg::field_model_ffnHidden},
    {"model.headDim", msg::field_model_headDim},
    {"model.heads", msg::field_model_heads},
    {"model.hfConfig", msg::field_model_hfConfig},
    {"model.hidden", msg::field_model_hidden},
    {"model.kvHeads", msg::field_model_kvHeads},
    {"model.layers", msg::field_model_layers},
    {"model.name", msg::field_model_name},
    {"model.notes", msg::field_model_notes},
    {"model.params", msg::field_model_params},
    {"model.preset", msg::field_model_preset},
    {"model.seqLen", msg::field_model_seqLen},
    {"model.sharedExperts", msg::field_model_sharedExperts},
    {"model.source", msg::field_model_source},
    {"model.tiedEmbeddings", msg::field_model_tiedEmbeddings},
    {"model.vocab", msg::field_model_vocab},
    {"offer", msg::field_offer},
    {"offer.availableUnits", msg::field_offer_availableUnits},
    {"offer.bandwidthPricePerMbpsMonth", msg::field_offer_bandwidthPricePerMbpsMonth},
    {"offer.commitment", msg::field_offer_commitment},
    {"offer.confidence", msg::field_offer_confidence},
    {"offer.currency", msg::field_offer_currency},
    {"offer.deployment", msg::field_offer_deployment},
    {"offer.depositMonths", msg::field_offer_depositMonths},
    {"offer.egressPricePerGB", msg::field_offer_egressPricePerGB},
    {"offer.gpu", msg::field_offer_gpu},
    {"offer.gpusPerUnit", msg::field_offer_gpusPerUnit},
    {"offer.hostingPricePerMonth", msg::field_offer_hostingPricePerMonth},
    {"offer.id", msg::field_offer_id},
    {"offer.includedMbps", msg::field_offer_includedMbps},
    {"offer.includedPublicIps", msg::field_offer_includedPublicIps},
    {"offer.interconnect", msg::field_offer_interconnect},
    {"offer.interconnect.interUnit", msg::field_offer_interconnect_interUnit},
    {"offer.interconnect.interUnitGBpsPerGpu", msg::field_offer_interconnect_interUnitGBpsPerGpu},
    {"offer.interconnect.intraUnit", msg::field_offer_interconnect_intraUnit},
    {"offer.interconnectNote", msg::field_offer_interconnectNote},
    {"offer.isolation", msg::field_offer_isolation},
    {"offer.maxGpusPerNode", msg::field_offer_maxGpusPerNode},
    {"offer.minTermHours", msg::field_offer_minTermHours},
    {"offer.notes", msg::field_offer_notes},
    {"offer.powerKw", msg::field_offer_powerKw},
    {"offer.powerPricePerKwh", msg::field_offer_powerPricePerKwh},
    {"offer.priceAsListed", msg::field_offer_priceAsListed},
    {"offer.priceDate", msg::field_offer_priceDate},
    {"offer.priceDateNote", msg::field_offer_priceDateNote},
    {"offer.prices", msg::field_offer_prices},
    {"offer.prices.day", msg::field_offer_prices_day},
    {"offer.prices.hour", msg::field_offer_prices_hour},
    {"offer.prices.month", msg::field_offer_prices_month},
    {"offer.prices.year", msg::field_offer_prices_year},
    {"offer.provider", msg::field_offer_provider},
    {"offer.publicIpPricePerMonth", msg::field_offer_publicIpPricePerMonth},
    {"offer.pue", msg::field_offer_pue},
    {"offer.purchasePrice", msg::field_offer_purchasePrice},
    {"offer.region", msg::field_offer_region},
    {"offer.setupFee", msg::field_offer_setupFee},
    {"offer.source", msg::field_offer_source},
    {"offer.spot", msg::field_offer_spot},
    {"offer.storageIncludedGB", msg::field_offer_storageIncludedGB},
    {"offer.storagePricePerGBMonth", msg::field_offer_storagePricePerGBMonth},
    {"offer.supportPricePerMonth", msg::field_offer_supportPricePerMonth},
    {"offer.tier", msg::field_offer_tier},
    {"offer.unitsAvailable", msg::field_offer_unitsAvailable},
    {"response", msg::field_response},
    {"response.options", msg::field_response_options},
    {"schemaVersion", msg::field_schemaVersion},
    {"training", msg::field_training},
    {"training.epochs", msg::field_training_epochs},
    {"training.examples", msg::field_training_examples},
    {"training.flashAttention", msg::field_training_flashAttention},
    {"training.globalBatch", msg::field_training_globalBatch},
    {"training.kernels", msg::field_training_kernels},
    {"training.loraRank", msg::field_training_loraRank},
    {"training.loraTargets", msg::field_training_loraTargets},
    {"training.mode", msg::field_training_mode},
    {"training.packing", msg::field_training_packing},
    {"training.padding", msg::field_training_padding},
    {"training.precision", msg::field_training_precision},
    {"training.seqLen", msg::field_training_seqLen},
    {"training.tokens", msg::field_training_tokens},
    {"training.tokensPerExample", msg::field_training_tokensPerExample},
};

const Entry* find_entry(std::string_view id) {
  const auto at = std::lower_bound(std::begin(kFields), std::end(kFields), id,
                                   [](const Entry& e, std::string_view key) { return e.id < key; });
  return at != std::end(kFields) && at->id == id ? at : nullptr;
}

bool is_index(std::string_view token) {
  return !token.empty() && token.size() < 10 &&
         std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// RFC 6901 reference tokens, unescaped.
std::vector<std::string> tokens_of(std::string_view path) {
  std::vector<std::string> out;
  if (path.empty() || path.front() != '/') return out;
  std::string token;
  for (std::size_t i = 1; i <= path.size(); ++i) {
    if (i == path.size() || path[i] == '/') {
      out.push_back(token);
      token.clear();
    } else if (path[i] == '~' && i + 1 < path.size() && (path[i + 1] == '0' || path[i + 1] == '1')) {
      token += path[++i] == '0' ? '~' : '/';
    } else {
      token += path[i];
    }
  }
  return out;
}

std::string joined(const std::vector<std::string>& tokens, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to; ++i) out += (out.empty() ? "" : ".") + tokens[i];
  return out;
}

// The words of `prefix.rest` (rest: dotted keys, no indices), a text field's ".en"/".zh" and a
// list's item included; "" when the table has none.
std::string words(Lang lang, const std::string& prefix, const std::vector<std::string>& rest, long item) {
  std::vector<std::string> keys = rest;
  msg::Id language = msg::kCount;
  if (!keys.empty() && (keys.back() == "en" || keys.back() == "zh")) {
    language = keys.back() == "en" ? msg::field_in_english : msg::field_in_chinese;
    keys.pop_back();
  }
  std::string id = prefix;
  for (const std::string& k : keys) id += (id.empty() ? "" : ".") + k;
  const Entry* e = find_entry(id);
  if (!e) return {};
  std::string label = say(lang, e->label);
  if (item > 0) label = say(lang, msg::field_item_n, {{"field", label}, {"n", item}});
  if (language != msg::kCount) label = say(lang, language, {{"field", label}});
  return label;
}

}  // namespace

std::optional<FieldName> field_name(Lang lang, std::string_view path) {
  const std::vector<std::string> t = tokens_of(path);
  if (t.empty()) return std::nullopt;
  // An entry of a catalog's arrays: /catalog/offers/3/prices/hour, /offers/3/gpu (checked alone).
  const bool in_request_catalog = t[0] == "catalog" && t.size() >= 3 && is_index(t[2]);
  const bool in_catalog_alone = (t[0] == "offers" || t[0] == "gpus" || t[0] == "models") && t.size() >= 2 && is_index(t[1]);
  if (in_request_catalog || in_catalog_alone) {
    const std::size_t array = in_request_catalog ? 1 : 0;
    const std::string& kind = t[array];
    const long n = std::stol(t[array + 1]) + 1;
    const std::vector<std::string> rest(t.begin() + static_cast<long>(array) + 2, t.end());
    const char* base = kind == "offers" ? "offer" : kind == "gpus" ? "gpu" : kind == "models" ? "model" : nullptr;
    if (!base) return std::nullopt;
    FieldName f;
    f.id = joined(t, 0, array + 1);
    for (const std::string& k : rest) f.id += "." + k;
    if (rest.empty()) {
      const msg::Id whole = kind == "offers" ? (in_request_catalog ? msg::field_catalog_offer_n : msg::field_offer_n)
                            : kind == "gpus" ? msg::field_catalog_gpu_n
                                             : msg::field_catalog_model_n;
      f.label = say(lang, whole, {{"n", n}});
      return f;
    }
    const std::string inner = words(lang, base, rest, 0);
    if (inner.empty()) return std::nullopt;
    const msg::Id wrap = kind == "offers" ? (in_request_catalog ? msg::field_of_catalog_offer : msg::field_of_offer)
                         : kind == "gpus" ? msg::field_of_catalog_gpu
                                          : msg::field_of_catalog_model;
    f.label = say(lang, wrap, {{"field", inner}, {"n", n}});
    return f;
  }
  // A key of a Hugging Face config: the config's own name for it.
  if (t.size() >= 3 && t[0] == "model" && t[1] == "hfConfig") {
    const std::string key = joined(t, 2, t.size());
    return FieldName{"model.hfConfig." + key, say(lang, msg::field_of_config, {{"key", key}})};
  }
  // The measured layout's keys are the layout's.
  if (t.size() >= 3 && t[0] == "efficiency" && t[1] == "measuredParallelism") {
    const std::string inner = words(lang, "hardware.parallelism", {t.begin() + 2, t.end()}, 0);
    if (inner.empty()) return std::nullopt;
    return FieldName{"efficiency.measuredParallelism." + joined(t, 2, t.size()),
                     say(lang, msg::field_of_measured_layout, {{"field", inner}})};
  }
  // Anything else: its keys, an item of a list (training.loraTargets/2) named as such.
  std::vector<std::string> keys;
  long item = 0;
  for (const std::string& token : t) {
    if (is_index(token)) item = std::stol(token) + 1;
    else keys.push_back(token);
  }
  const std::string label = words(lang, "", keys, item);
  if (label.empty()) return std::nullopt;
  return FieldName{joined(keys, 0, keys.size()), label};
}

std::string field_words(Lang lang, std::string_view id) {
  const Entry* e = find_entry(id);
  return e ? say(lang, e->label) : std::string(id);
}

std::string with_field(Lang lang, const std::string& label, const std::string& message) {
  return label.empty() ? message : say(lang, msg::field_colon, {{"field", label}, {"message", message}});
}

}  // namespace gpusizer
