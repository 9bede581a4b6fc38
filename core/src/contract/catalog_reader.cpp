#include "contract/catalog_reader.hpp"

#include <algorithm>
#include <set>
#include <tuple>

#include "common/dates.hpp"

#include "common/numbers.hpp"
#include "contract/limits.hpp"
#include "contract/model_reader.hpp"
#include "rental/billing.hpp"

namespace gpusizer::jsonio {
namespace {

class CatalogReader {
 public:
  explicit CatalogReader(Reader& r) : r_(r) {}

  Catalog merge(const Catalog& base, const Value& doc, const std::string& path) {
    r_.expect_object(doc, path);
    r_.warn_unknown_keys(doc, path, {"catalogVersion", "asOf", "fx", "gpus", "offers", "models", "includeDefaultOffers", "contract"});
    Catalog cat = base;
    if (const Value* v = find(doc, "catalogVersion")) cat.version = r_.read_string(*v, pointer(path, "catalogVersion"));
    if (const Value* v = find(doc, "asOf")) cat.as_of = date(*v, pointer(path, "asOf"));
    if (const Value* fx = find(doc, "fx")) {
      const std::string p = pointer(path, "fx");
      r_.expect_object(*fx, p);
      r_.warn_unknown_keys(*fx, p, {"usdCny", "date", "source"});
      if (const Value* v = find(*fx, "usdCny"))
        cat.fx.usd_cny = r_.read_quantity(*v, pointer(p, "usdCny"), kMinUsdCny, kMaxUsdCny, false, msg::example_usd_cny);
      if (const Value* v = find(*fx, "date"); v && !v->is_null()) cat.fx.date = date(*v, pointer(p, "date"));
      cat.fx.source = opt_string(*fx, "source", p);
      if (cat.as_of.empty()) cat.as_of = cat.fx.date;
    }
    if (const Value* gpus = find(doc, "gpus")) {
      const std::string p = pointer(path, "gpus");
      r_.expect_array(*gpus, p);
      at_most(*gpus, p, kMaxGpus);
      for (std::size_t i = 0; i < gpus->size(); ++i) upsert(cat.gpus, gpu((*gpus)[i], pointer(p, i), base.gpus));
    }
    if (const Value* models = find(doc, "models")) {
      const std::string p = pointer(path, "models");
      r_.expect_array(*models, p);
      at_most(*models, p, kMaxModels);
      for (std::size_t i = 0; i < models->size(); ++i) upsert(cat.models, model((*models)[i], pointer(p, i)));
    }
    if (const Value* offers = find(doc, "offers")) {
      const std::string p = pointer(path, "offers");
      r_.expect_array(*offers, p);
      at_most(*offers, p, kMaxOffers);
      bool keep = false;
      if (const Value* k = find(doc, "includeDefaultOffers")) keep = r_.read_bool(*k, pointer(path, "includeDefaultOffers"));
      if (!keep) cat.offers.clear();
      std::set<std::string> ids;
      for (const Offer& o : cat.offers) ids.insert(o.id);
      std::set<std::tuple<std::string, int, std::string, std::string, double>> machines;
      for (std::size_t i = 0; i < offers->size(); ++i) {
        Offer o = offer((*offers)[i], pointer(p, i), cat);
        if (!ids.insert(o.id).second)
          r_.fail(errc::invalid_catalog, pointer(pointer(p, i), "id"), msg::error_offer_id_twice, {{"id", echo(o.id)}});
        machines.emplace(o.gpu, std::max(o.gpus_per_unit, o.max_gpus_per_node), o.intra_unit, o.inter_unit,
                         o.inter_unit_gbps_per_gpu.value_or(0));
        if (machines.size() > kMaxMachines)
          r_.fail(errc::invalid_value, pointer(p, i), msg::error_too_many_machines, {{"limit", static_cast<long>(kMaxMachines)}});
        cat.offers.push_back(std::move(o));
      }
    }
    return cat;
  }

 private:
  Reader& r_;

  void at_most(const Value& array, const std::string& path, std::size_t limit) {
    if (array.size() > limit)
      r_.fail(errc::invalid_value, path, msg::error_too_many,
              {{"count", static_cast<long>(array.size())}, {"limit", static_cast<long>(limit)}});
  }

  std::string opt_string(const Value& o, const char* key, const std::string& path) {
    const Value* v = find(o, key);
    return v && !v->is_null() ? r_.read_string(*v, pointer(path, key)) : std::string();
  }
  double opt_number(const Value& o, const char* key, const std::string& path, double fallback, double min, double max) {
    const Value* v = find(o, key);
    return v && !v->is_null() ? r_.read_quantity(*v, pointer(path, key), min, max, false, msg::example_number) : fallback;
  }
  int opt_int(const Value& o, const char* key, const std::string& path, int fallback, int min, int max) {
    const Value* v = find(o, key);
    return v && !v->is_null() ? r_.read_int(*v, pointer(path, key), min, max) : fallback;
  }
  // A real calendar date as the schema writes it: YYYY-MM-DD, YYYY-MM or YYYY.
  std::string date(const Value& v, const std::string& path) {
    const std::string text = r_.read_string(v, path);
    if (!day_number(text))
      r_.fail(errc::invalid_value, path, msg::error_catalog_date,
              {{"got", echo(text)}, {"first", kFirstYear}, {"last", kLastYear}});
    return text;
  }
  // A dense peak: 0 (or absent) where the GPU has no such tensor mode, else a real figure.
  double peak(const Value& o, const char* key, const std::string& path) {
    const double x = opt_number(o, key, path, 0, 0, kMaxPeakTflops);
    if (x > 0 && x < kMinPeakTflops)
      r_.fail(errc::invalid_value, pointer(path, key), msg::error_range_or_zero,
              {{"min", format_sig(kMinPeakTflops, 6)}, {"max", format_sig(kMaxPeakTflops, 6)}, {"got", format_sig(x, 6)}});
    return x;
  }
  // A string, or {"en": ..., "zh": ...} for prose the catalog gives in both languages.
  Text opt_text(const Value& o, const char* key, const std::string& path) {
    const Value* v = find(o, key);
    if (!v || v->is_null()) return {};
    const std::string p = pointer(path, key);
    if (!v->is_object()) {
      const std::string s = r_.read_string(*v, p);
      return {s, s};
    }
    r_.warn_unknown_keys(*v, p, {"en", "zh"});
    Text t;
    if (const Value* en = find(*v, "en")) t.en = r_.read_string(*en, pointer(p, "en"));
    if (const Value* zh = find(*v, "zh")) t.zh = r_.read_string(*zh, pointer(p, "zh"));
    if (t.en.empty()) t.en = t.zh;
    return t;
  }
  Text req_text(const Value& o, const char* key, const std::string& path) {
    required(o, key, path);
    Text t = opt_text(o, key, path);
    if (t.empty()) r_.fail(errc::invalid_value, pointer(path, key), msg::error_required);
    return t;
  }
  const Value& required(const Value& o, const char* key, const std::string& path) {
    const Value* v = find(o, key);
    if (!v) r_.fail(errc::missing_field, pointer(path, key), msg::error_required);
    return *v;
  }
  std::string req_string(const Value& o, const char* key, const std::string& path) {
    return r_.read_string(required(o, key, path), pointer(path, key));
  }
  // An id: options, choices and the recommendation name offers by it, so never "".
  std::string req_id(const Value& o, const std::string& path) {
    std::string id = req_string(o, "id", path);
    if (id.empty()) r_.fail(errc::invalid_value, pointer(path, "id"), msg::error_empty_id);
    return id;
  }

  Gpu gpu(const Value& j, const std::string& path, const std::vector<Gpu>& known) {
    r_.expect_object(j, path);
    r_.warn_unknown_keys(j, path,
                         {"id", "name", "vendor", "formFactor", "architecture", "memoryGiB", "memoryBandwidthTBps",
                          "peakTflops", "gpusPerNode", "intraNode", "interNodeGBpsPerGpu", "interNodeFabric",
                          "interNodeSource", "tdpWatts", "defaultMfu", "mfuNote", "exportVariantOf", "nvlinkCapped",
                          "confidence", "source", "notes"});
    Gpu g;
    g.id = req_id(j, path);
    g.name = opt_text(j, "name", path);
    if (g.name.empty()) g.name = {g.id, g.id};
    g.vendor = opt_string(j, "vendor", path);
    if (const Value* v = find(j, "formFactor"); v && !v->is_null())
      g.form_factor = r_.read_enum(*v, pointer(path, "formFactor"), {"sxm", "pcie", "oam", "module"});
    if (const Value* v = find(j, "architecture"); v && !v->is_null())
      g.architecture = r_.read_enum(*v, pointer(path, "architecture"),
                                    {"volta", "ampere", "ada", "hopper", "blackwell", "cdna3", "davinci"});
    g.memory_gib = r_.read_quantity(required(j, "memoryGiB", path), pointer(path, "memoryGiB"), 0, 1e5, true, msg::example_number);
    const std::string peak_path = pointer(path, "peakTflops");
    const Value& peaks = required(j, "peakTflops", path);
    r_.expect_object(peaks, peak_path);
    r_.warn_unknown_keys(peaks, peak_path, {"bf16", "fp16", "fp8", "tf32"});
    g.peak_tflops.bf16 = peak(peaks, "bf16", peak_path);
    g.peak_tflops.fp16 = peak(peaks, "fp16", peak_path);
    g.peak_tflops.fp8 = peak(peaks, "fp8", peak_path);
    g.peak_tflops.tf32 = peak(peaks, "tf32", peak_path);
    if (g.peak_tflops.bf16 <= 0 && g.peak_tflops.fp16 <= 0) r_.fail(errc::invalid_value, peak_path, msg::error_peak_required);
    g.gpus_per_node = opt_int(j, "gpusPerNode", path, 8, 1, 1024);
    const Value* intra = find(j, "intraNode");
    const std::string intra_path = pointer(path, "intraNode");
    if (intra && !intra->is_null()) {
      r_.expect_object(*intra, intra_path);
      r_.warn_unknown_keys(*intra, intra_path, {"link", "kind", "gbps"});
      g.intra_node_link = opt_string(*intra, "link", intra_path);
      if (const Value* v = find(*intra, "kind"); v && !v->is_null())
        g.intra_node_kind = r_.read_enum(*v, pointer(intra_path, "kind"), {"nvlink", "pcie", "xgmi", "hccs"});
    }
    // The link and the board go together; with neither given, the slowest kind (PCIe).
    if (g.intra_node_kind.empty()) g.intra_node_kind = kind_of_form_factor(g.form_factor);
    if (g.form_factor.empty()) g.form_factor = form_factor_of_kind(g.intra_node_kind);
    // Bandwidths are > 0 (a zero makes times infinite); one not given comes from the GPU's class.
    auto bandwidth = [&](const Value* o, const char* key, const std::string& p, double min, double max,
                         double Gpu::*field, bool by_architecture_first) {
      const Value* v = o ? find(*o, key) : nullptr;
      if (v && !v->is_null()) return r_.read_quantity(*v, pointer(p, key), min, max, false, msg::example_number);
      const auto from_class = class_default(known, g, field, by_architecture_first);
      if (!from_class) r_.fail(errc::missing_field, pointer(p, key), msg::error_required);
      return *from_class;
    };
    g.memory_bandwidth_tbps = bandwidth(&j, "memoryBandwidthTBps", path, kMinMemoryTBps, kMaxMemoryTBps,
                                        &Gpu::memory_bandwidth_tbps, true);
    g.intra_node_gbps = bandwidth(intra && intra->is_object() ? intra : nullptr, "gbps", intra_path, kMinLinkGBps,
                                  kMaxLinkGBps, &Gpu::intra_node_gbps, false);
    g.inter_node_gbps_per_gpu = bandwidth(&j, "interNodeGBpsPerGpu", path, kMinNetworkGBps, kMaxNetworkGBps,
                                          &Gpu::inter_node_gbps_per_gpu, false);
    g.inter_node_fabric = opt_string(j, "interNodeFabric", path);
    g.tdp_watts = opt_number(j, "tdpWatts", path, 0, 0, 1e5);
    g.default_mfu = opt_number(j, "defaultMfu", path, 0.35, kMinMfu, kMaxMfu);
    g.export_variant_of = opt_string(j, "exportVariantOf", path);
    if (const Value* capped = find(j, "nvlinkCapped")) g.nvlink_capped = r_.read_bool(*capped, pointer(path, "nvlinkCapped"));
    g.confidence = opt_string(j, "confidence", path);
    g.source = opt_string(j, "source", path);
    return g;
  }

  static std::string kind_of_form_factor(const std::string& form_factor) {
    return form_factor == "sxm" ? "nvlink" : form_factor == "oam" ? "xgmi" : form_factor == "module" ? "hccs" : "pcie";
  }
  static std::string form_factor_of_kind(const std::string& kind) {
    return kind == "nvlink" ? "sxm" : kind == "xgmi" ? "oam" : kind == "hccs" ? "module" : "pcie";
  }

  // A GPU's missing figure from its class among the GPUs it joins (the default catalog): the
  // lowest of those with its architecture and link kind, else of its architecture (memory) or
  // its link kind (links), else of all: never better than the slowest part of its kind.
  static std::optional<double> class_default(const std::vector<Gpu>& known, const Gpu& g, double Gpu::*field,
                                             bool by_architecture) {
    auto lowest = [&](auto same) -> std::optional<double> {
      std::optional<double> low;
      for (const Gpu& k : known)
        if (k.*field > 0 && same(k)) low = std::min(low.value_or(k.*field), k.*field);
      return low;
    };
    const bool arch = !g.architecture.empty();
    if (auto v = lowest([&](const Gpu& k) { return arch && k.architecture == g.architecture && k.intra_node_kind == g.intra_node_kind; }))
      return v;
    if (auto v = by_architecture ? lowest([&](const Gpu& k) { return arch && k.architecture == g.architecture; })
                                 : lowest([&](const Gpu& k) { return k.intra_node_kind == g.intra_node_kind; }))
      return v;
    return lowest([](const Gpu&) { return true; });
  }

 public:
  Offer offer(const Value& j, const std::string& path, const Catalog& cat) {
    r_.expect_object(j, path);
    r_.warn_unknown_keys(j, path,
                         {"id", "provider", "deployment", "tier", "region", "gpu", "gpusPerUnit", "unitsAvailable",
                          "maxGpusPerNode", "currency", "prices", "minTermHours", "commitment", "depositMonths", "setupFee",
                          "storagePricePerGBMonth", "storageIncludedGB", "egressPricePerGB", "bandwidthPricePerMbpsMonth",
                          "includedMbps", "publicIpPricePerMonth", "includedPublicIps", "supportPricePerMonth",
                          "purchasePrice", "powerKw", "hostingPricePerMonth", "powerPricePerKwh", "pue", "spot", "isolation",
                          "interconnect", "interconnectNote", "priceDate", "priceDateNote", "confidence", "source",
                          "priceAsListed", "notes"});
    Offer o;
    o.id = req_id(j, path);
    o.provider = req_text(j, "provider", path);
    o.deployment = "cloud";
    if (const Value* d = find(j, "deployment")) o.deployment = r_.read_enum(*d, pointer(path, "deployment"), {"local-dc", "cloud"});
    if (const Value* t = find(j, "tier"); t && !t->is_null())
      o.tier = r_.read_enum(*t, pointer(path, "tier"), {"baremetal-lease", "marketplace", "hyperscaler", "neocloud"});
    o.region = opt_text(j, "region", path);
    o.gpu = req_string(j, "gpu", path);
    if (!cat.find_gpu(o.gpu)) r_.fail(errc::unknown_gpu, pointer(path, "gpu"), msg::error_offer_unknown_gpu, {{"id", echo(o.gpu)}});
    o.gpus_per_unit = opt_int(j, "gpusPerUnit", path, 1, 1, 1024);  // a unit is one node to the planner
    if (const Value* u = find(j, "unitsAvailable"); u && !u->is_null())
      o.units_available = r_.read_int(*u, pointer(path, "unitsAvailable"), 1, 1 << 20);
    o.max_gpus_per_node = opt_int(j, "maxGpusPerNode", path, o.gpus_per_unit, 1, 1024);
    o.currency = r_.read_enum(required(j, "currency", path), pointer(path, "currency"), {"CNY", "USD"});
    const std::string prices_path = pointer(path, "prices");
    const Value& prices = required(j, "prices", path);
    r_.expect_object(prices, prices_path);
    r_.warn_unknown_keys(prices, prices_path, {"hour", "day", "month", "year"});
    bool any = false;
    for (Period p : kPeriods) {
      if (const Value* v = find(prices, period_name(p)); v && !v->is_null()) {
        o.prices[static_cast<int>(p)] =
            r_.read_quantity(*v, pointer(prices_path, period_name(p)), kMinPrice, kMaxPrice, false, msg::example_price);
        any = true;
      }
    }
    if (!any) r_.fail(errc::invalid_value, prices_path, msg::error_prices_required);
    o.min_term_hours = opt_number(j, "minTermHours", path, 0, 0, kMaxBillableHours);
    if (const Value* s = find(j, "spot")) o.spot = r_.read_bool(*s, pointer(path, "spot"));
    o.isolation = "shared";
    if (const Value* iso = find(j, "isolation")) o.isolation = r_.read_enum(*iso, pointer(path, "isolation"), {"private", "physical", "shared"});
    const Gpu& g = *cat.find_gpu(o.gpu);
    o.intra_unit = g.intra_node_kind;
    o.inter_unit = "none";
    if (const Value* ic = find(j, "interconnect")) {
      const std::string p = pointer(path, "interconnect");
      r_.expect_object(*ic, p);
      r_.warn_unknown_keys(*ic, p, {"intraUnit", "interUnit", "interUnitGBpsPerGpu"});
      if (const Value* v = find(*ic, "intraUnit"))
        o.intra_unit = r_.read_enum(*v, pointer(p, "intraUnit"), {"nvlink", "pcie", "xgmi", "hccs"});
      if (const Value* v = find(*ic, "interUnit"))
        o.inter_unit = r_.read_enum(*v, pointer(p, "interUnit"), {"infiniband", "roce", "efa", "ethernet", "none"});
      if (const Value* v = find(*ic, "interUnitGBpsPerGpu"); v && !v->is_null())
        o.inter_unit_gbps_per_gpu = r_.read_quantity(*v, pointer(p, "interUnitGBpsPerGpu"), kMinNetworkGBps, kMaxNetworkGBps, false,
                                                       msg::example_gbps);
    }
    auto optional_number = [&](const char* key, double min = 0, double max = 1e12, bool exclusive = false) -> std::optional<double> {
      const Value* v = find(j, key);
      if (!v || v->is_null()) return std::nullopt;
      return r_.read_quantity(*v, pointer(path, key), min, max, exclusive, msg::example_number);
    };
    o.setup_fee = optional_number("setupFee");
    o.storage_price_per_gb_month = optional_number("storagePricePerGBMonth");
    o.storage_included_gb = optional_number("storageIncludedGB");
    o.egress_price_per_gb = optional_number("egressPricePerGB");
    o.bandwidth_price_per_mbps_month = optional_number("bandwidthPricePerMbpsMonth");
    o.included_mbps = optional_number("includedMbps", 0, kMaxLineMbps);
    o.public_ip_price_per_month = optional_number("publicIpPricePerMonth");
    o.included_public_ips = optional_number("includedPublicIps", 0, 1e6);
    o.support_price_per_month = optional_number("supportPricePerMonth");
    // A purchase price of nothing, a machine drawing no power or a PUE below 1 make owning free.
    o.purchase_price = optional_number("purchasePrice", 0, 1e12, true);
    o.power_kw = optional_number("powerKw", 0, kMaxMachineKw, true);
    o.hosting_price_per_month = optional_number("hostingPricePerMonth");
    o.power_price_per_kwh = optional_number("powerPricePerKwh", 0, 1e3);
    o.pue = optional_number("pue", kMinPue, kMaxPue);
    o.deposit_months = optional_number("depositMonths");
    o.commitment = opt_text(j, "commitment", path);
    if (const Value* v = find(j, "priceDate"); v && !v->is_null()) o.price_date = date(*v, pointer(path, "priceDate"));
    if (const Value* c = find(j, "confidence"); c && !c->is_null())
      o.confidence = r_.read_enum(*c, pointer(path, "confidence"), {"high", "medium", "low"});
    o.source = opt_string(j, "source", path);
    o.price_as_listed = opt_string(j, "priceAsListed", path);
    o.notes = opt_text(j, "notes", path);
    return o;
  }


 private:
  Model model(const Value& j, const std::string& path) {
    r_.expect_object(j, path);
    r_.warn_unknown_keys(j, path, {"id", GPUSIZER_MODEL_KEYS});
    Model m;
    m.id = req_id(j, path);
    const ModelFieldsRead read = read_model_fields(r_, j, path, m);
    if (m.name.empty()) m.name = m.id;
    finish_model(r_, path, m, read, false);
    if (m.architecture_known) m.shape_source = "preset";
    return m;
  }

  template <typename T>
  static void upsert(std::vector<T>& items, T item) {
    for (T& existing : items)
      if (existing.id == item.id) {
        existing = std::move(item);
        return;
      }
    items.push_back(std::move(item));
  }
};

}  // namespace

Catalog merge_catalog(const Catalog& base, const Value& doc, const std::string& path, Reader& reader) {
  return CatalogReader(reader).merge(base, doc, path);
}

Offer read_offer(const Catalog& catalog, const Value& offer, const std::string& path, Reader& reader) {
  return CatalogReader(reader).offer(offer, path, catalog);
}

}  // namespace gpusizer::jsonio
