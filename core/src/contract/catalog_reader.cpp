#include "contract/catalog_reader.hpp"

#include <set>

#include "contract/json_read.hpp"

namespace gpusizer {


namespace jsonio {
namespace {

std::string opt_string(const json& o, const char* key, const std::string& path) {
  const json* v = find(o, key);
  return v && !v->is_null() ? read_string(*v, pointer(path, key)) : std::string();
}

double opt_number(const json& o, const char* key, const std::string& path, double fallback, double min,
                  double max) {
  const json* v = find(o, key);
  return v && !v->is_null() ? read_quantity(*v, pointer(path, key), min, max, false, "80") : fallback;
}

int opt_int(const json& o, const char* key, const std::string& path, int fallback, int min, int max) {
  const json* v = find(o, key);
  return v && !v->is_null() ? read_int(*v, pointer(path, key), min, max) : fallback;
}

std::string req_string(const json& o, const char* key, const std::string& path) {
  const json* v = find(o, key);
  if (!v) fail(errc::missing_field, pointer(path, key), "is required");
  return read_string(*v, pointer(path, key));
}

Gpu parse_gpu(const json& j, const std::string& path) {
  expect_object(j, path);
  Gpu g;
  g.id = req_string(j, "id", path);
  g.name = opt_string(j, "name", path);
  if (g.name.empty()) g.name = g.id;
  g.vendor = opt_string(j, "vendor", path);
  g.form_factor = opt_string(j, "formFactor", path);
  g.architecture = opt_string(j, "architecture", path);
  const json* mem = find(j, "memoryGiB");
  if (!mem) fail(errc::missing_field, pointer(path, "memoryGiB"), "is required");
  g.memory_gib = read_quantity(*mem, pointer(path, "memoryGiB"), 0, 1e5, true, "80");
  g.memory_bandwidth_tbps = opt_number(j, "memoryBandwidthTBps", path, 0, 0, 1e3);
  const std::string peak_path = pointer(path, "peakTflops");
  const json* peak = find(j, "peakTflops");
  if (!peak) fail(errc::missing_field, peak_path, "is required");
  expect_object(*peak, peak_path);
  g.peak_tflops.bf16 = opt_number(*peak, "bf16", peak_path, 0, 0, 1e6);
  g.peak_tflops.fp16 = opt_number(*peak, "fp16", peak_path, 0, 0, 1e6);
  g.peak_tflops.fp8 = opt_number(*peak, "fp8", peak_path, 0, 0, 1e6);
  g.peak_tflops.tf32 = opt_number(*peak, "tf32", peak_path, 0, 0, 1e6);
  if (g.peak_tflops.bf16 <= 0 && g.peak_tflops.fp16 <= 0)
    fail(errc::invalid_value, peak_path, "needs a bf16 or fp16 peak > 0");
  g.gpus_per_node = opt_int(j, "gpusPerNode", path, 8, 1, 1024);
  if (const json* intra = find(j, "intraNode")) {
    const std::string p = pointer(path, "intraNode");
    expect_object(*intra, p);
    g.intra_node_link = opt_string(*intra, "link", p);
    g.intra_node_kind = opt_string(*intra, "kind", p);
    g.intra_node_gbps = opt_number(*intra, "gbps", p, 0, 0, 1e5);
  }
  g.inter_node_gbps_per_gpu = opt_number(j, "interNodeGBpsPerGpu", path, 0, 0, 1e5);
  g.inter_node_fabric = opt_string(j, "interNodeFabric", path);
  g.tdp_watts = opt_number(j, "tdpWatts", path, 0, 0, 1e5);
  g.default_mfu = opt_number(j, "defaultMfu", path, 0.35, 0.01, 1);
  g.export_variant_of = opt_string(j, "exportVariantOf", path);
  if (const json* capped = find(j, "nvlinkCapped")) g.nvlink_capped = read_bool(*capped, pointer(path, "nvlinkCapped"));
  g.confidence = opt_string(j, "confidence", path);
  g.source = opt_string(j, "source", path);
  return g;
}

Offer parse_offer(const json& j, const std::string& path, const Catalog& cat) {
  expect_object(j, path);
  Offer o;
  o.id = req_string(j, "id", path);
  o.provider = req_string(j, "provider", path);
  o.deployment = "cloud";
  if (const json* d = find(j, "deployment")) o.deployment = read_enum(*d, pointer(path, "deployment"), {"local-dc", "cloud"});
  o.tier = opt_string(j, "tier", path);
  o.region = opt_string(j, "region", path);
  o.gpu = req_string(j, "gpu", path);
  if (!cat.find_gpu(o.gpu)) fail(errc::unknown_gpu, pointer(path, "gpu"), "\"" + o.gpu + "\" is not a GPU id of the catalog");
  o.gpus_per_unit = opt_int(j, "gpusPerUnit", path, 1, 1, 100000);
  if (const json* u = find(j, "unitsAvailable"); u && !u->is_null())
    o.units_available = read_int(*u, pointer(path, "unitsAvailable"), 1, 1 << 20);
  o.max_gpus_per_node = opt_int(j, "maxGpusPerNode", path, o.gpus_per_unit, 1, 1024);
  const json* currency = find(j, "currency");
  if (!currency) fail(errc::missing_field, pointer(path, "currency"), "is required (CNY or USD)");
  o.currency = read_enum(*currency, pointer(path, "currency"), {"CNY", "USD"});
  const std::string prices_path = pointer(path, "prices");
  const json* prices = find(j, "prices");
  if (!prices) fail(errc::missing_field, prices_path, "is required: { \"hour\": 20.5, \"month\": 9000 }");
  expect_object(*prices, prices_path);
  bool any = false;
  for (Period p : kPeriods) {
    if (const json* v = find(*prices, period_name(p)); v && !v->is_null()) {
      o.prices[static_cast<int>(p)] = read_quantity(*v, pointer(prices_path, period_name(p)), 0, 1e12, true, "20.5");
      any = true;
    }
  }
  if (!any) fail(errc::invalid_value, prices_path, "needs at least one of hour, day, month, year");
  o.min_term_hours = opt_number(j, "minTermHours", path, 0, 0, 1e6);
  if (const json* s = find(j, "spot")) o.spot = read_bool(*s, pointer(path, "spot"));
  o.isolation = "shared";
  if (const json* iso = find(j, "isolation")) o.isolation = read_enum(*iso, pointer(path, "isolation"), {"private", "shared"});
  const Gpu& gpu = *cat.find_gpu(o.gpu);
  o.intra_unit = gpu.intra_node_kind;
  o.inter_unit = "none";
  if (const json* ic = find(j, "interconnect")) {
    const std::string p = pointer(path, "interconnect");
    expect_object(*ic, p);
    if (const json* v = find(*ic, "intraUnit")) o.intra_unit = read_string(*v, pointer(p, "intraUnit"));
    if (const json* v = find(*ic, "interUnit"))
      o.inter_unit = read_enum(*v, pointer(p, "interUnit"), {"infiniband", "roce", "efa", "ethernet", "none"});
    if (const json* v = find(*ic, "interUnitGBpsPerGpu"); v && !v->is_null())
      o.inter_unit_gbps_per_gpu = read_quantity(*v, pointer(p, "interUnitGBpsPerGpu"), 0, 1e5, true, "50");
  }
  auto optional_number = [&](const char* key) -> std::optional<double> {
    const json* v = find(j, key);
    if (!v || v->is_null()) return std::nullopt;
    return read_quantity(*v, pointer(path, key), 0, 1e12, false, "0.1");
  };
  o.setup_fee = optional_number("setupFee");
  o.storage_price_per_gb_month = optional_number("storagePricePerGBMonth");
  o.storage_included_gb = optional_number("storageIncludedGB");
  o.egress_price_per_gb = optional_number("egressPricePerGB");
  o.deposit_months = optional_number("depositMonths");
  o.commitment = opt_string(j, "commitment", path);
  o.price_date = opt_string(j, "priceDate", path);
  o.confidence = opt_string(j, "confidence", path);
  o.source = opt_string(j, "source", path);
  o.price_as_listed = opt_string(j, "priceAsListed", path);
  o.notes = opt_string(j, "notes", path);
  return o;
}

int opt_model_int(const json& j, const char* key, const std::string& path) {
  return opt_int(j, key, path, 0, 0, 100000000);
}

ModelPreset parse_model(const json& j, const std::string& path) {
  expect_object(j, path);
  ModelPreset m;
  m.id = req_string(j, "id", path);
  m.name = opt_string(j, "name", path);
  if (m.name.empty()) m.name = m.id;
  const json* params = find(j, "params");
  if (!params) fail(errc::missing_field, pointer(path, "params"), "is required");
  m.params = read_quantity(*params, pointer(path, "params"), 0, 1e15, true, "7B");
  m.active_params = opt_number(j, "activeParams", path, m.params, 1, 1e15);
  m.layers = opt_model_int(j, "layers", path);
  m.hidden = opt_model_int(j, "hidden", path);
  m.heads = opt_model_int(j, "heads", path);
  m.kv_heads = opt_model_int(j, "kvHeads", path);
  m.ffn_hidden = opt_model_int(j, "ffnHidden", path);
  m.vocab = opt_model_int(j, "vocab", path);
  m.seq_len = opt_model_int(j, "seqLen", path);
  m.head_dim = opt_model_int(j, "headDim", path);
  if (const json* a = find(j, "activation")) m.activation = read_enum(*a, pointer(path, "activation"), {"swiglu", "gelu"});
  if (const json* a = find(j, "attention")) m.attention = read_string(*a, pointer(path, "attention"));
  if (const json* t = find(j, "tiedEmbeddings")) m.tied_embeddings = read_bool(*t, pointer(path, "tiedEmbeddings"));
  m.experts = opt_model_int(j, "experts", path);
  m.experts_per_token = opt_model_int(j, "expertsPerToken", path);
  m.expert_ffn_hidden = opt_model_int(j, "expertFfnHidden", path);
  m.shared_experts = opt_model_int(j, "sharedExperts", path);
  m.dense_layers = opt_model_int(j, "denseLayers", path);
  m.source = opt_string(j, "source", path);
  return m;
}

template <typename T>
void upsert(std::vector<T>& items, T item) {
  for (T& existing : items)
    if (existing.id == item.id) {
      existing = std::move(item);
      return;
    }
  items.push_back(std::move(item));
}

}  // namespace

Catalog merge_catalog(const Catalog& base, const json& doc, const std::string& path, std::vector<Warning>& warnings) {
  expect_object(doc, path);
  warn_unknown_keys(doc, path, {"catalogVersion", "asOf", "fx", "gpus", "offers", "models", "includeDefaultOffers", "contract"},
                    warnings);
  Catalog cat = base;
  if (const json* v = find(doc, "catalogVersion")) cat.version = read_string(*v, pointer(path, "catalogVersion"));
  if (const json* v = find(doc, "asOf")) cat.as_of = read_string(*v, pointer(path, "asOf"));
  if (const json* fx = find(doc, "fx")) {
    const std::string p = pointer(path, "fx");
    expect_object(*fx, p);
    if (const json* r = find(*fx, "usdCny")) cat.fx.usd_cny = read_quantity(*r, pointer(p, "usdCny"), 0, 1e4, true, "6.69");
    cat.fx.date = opt_string(*fx, "date", p);
    cat.fx.source = opt_string(*fx, "source", p);
    if (cat.as_of.empty()) cat.as_of = cat.fx.date;
  }
  if (const json* gpus = find(doc, "gpus")) {
    const std::string p = pointer(path, "gpus");
    expect_array(*gpus, p);
    for (std::size_t i = 0; i < gpus->size(); ++i) upsert(cat.gpus, parse_gpu((*gpus)[i], pointer(p, i)));
  }
  if (const json* models = find(doc, "models")) {
    const std::string p = pointer(path, "models");
    expect_array(*models, p);
    for (std::size_t i = 0; i < models->size(); ++i) upsert(cat.models, parse_model((*models)[i], pointer(p, i)));
  }
  if (const json* offers = find(doc, "offers")) {
    const std::string p = pointer(path, "offers");
    expect_array(*offers, p);
    bool keep = false;
    if (const json* k = find(doc, "includeDefaultOffers")) keep = read_bool(*k, pointer(path, "includeDefaultOffers"));
    if (!keep) cat.offers.clear();
    std::set<std::string> ids;
    for (const Offer& o : cat.offers) ids.insert(o.id);
    for (std::size_t i = 0; i < offers->size(); ++i) {
      Offer o = parse_offer((*offers)[i], pointer(p, i), cat);
      if (!ids.insert(o.id).second)
        fail(errc::invalid_catalog, pointer(pointer(p, i), "id"), "offer id \"" + o.id + "\" appears twice");
      cat.offers.push_back(std::move(o));
    }
  }
  return cat;
}

}  // namespace jsonio

}  // namespace gpusizer
