#include "contract/catalog_reader.hpp"

#include <set>

#include "common/dates.hpp"
#include "contract/limits.hpp"
#include "contract/model_reader.hpp"

namespace gpusizer::jsonio {
namespace {

class CatalogReader {
 public:
  explicit CatalogReader(Reader& r) : r_(r) {}

  Catalog merge(const Catalog& base, const json& doc, const std::string& path) {
    r_.expect_object(doc, path);
    r_.warn_unknown_keys(doc, path, {"catalogVersion", "asOf", "fx", "gpus", "offers", "models", "includeDefaultOffers", "contract"});
    Catalog cat = base;
    if (const json* v = find(doc, "catalogVersion")) cat.version = r_.read_string(*v, pointer(path, "catalogVersion"));
    if (const json* v = find(doc, "asOf")) cat.as_of = r_.read_string(*v, pointer(path, "asOf"));
    if (const json* fx = find(doc, "fx")) {
      const std::string p = pointer(path, "fx");
      r_.expect_object(*fx, p);
      r_.warn_unknown_keys(*fx, p, {"usdCny", "date", "source"});
      if (const json* v = find(*fx, "usdCny")) cat.fx.usd_cny = r_.read_quantity(*v, pointer(p, "usdCny"), 0, 1e4, true, msg::example_usd_cny);
      cat.fx.date = opt_string(*fx, "date", p);
      cat.fx.source = opt_string(*fx, "source", p);
      if (cat.as_of.empty()) cat.as_of = cat.fx.date;
    }
    if (const json* gpus = find(doc, "gpus")) {
      const std::string p = pointer(path, "gpus");
      r_.expect_array(*gpus, p);
      at_most(*gpus, p, kMaxGpus);
      for (std::size_t i = 0; i < gpus->size(); ++i) upsert(cat.gpus, gpu((*gpus)[i], pointer(p, i)));
    }
    if (const json* models = find(doc, "models")) {
      const std::string p = pointer(path, "models");
      r_.expect_array(*models, p);
      at_most(*models, p, kMaxModels);
      for (std::size_t i = 0; i < models->size(); ++i) upsert(cat.models, model((*models)[i], pointer(p, i)));
    }
    if (const json* offers = find(doc, "offers")) {
      const std::string p = pointer(path, "offers");
      r_.expect_array(*offers, p);
      at_most(*offers, p, kMaxOffers);
      bool keep = false;
      if (const json* k = find(doc, "includeDefaultOffers")) keep = r_.read_bool(*k, pointer(path, "includeDefaultOffers"));
      if (!keep) cat.offers.clear();
      std::set<std::string> ids;
      for (const Offer& o : cat.offers) ids.insert(o.id);
      for (std::size_t i = 0; i < offers->size(); ++i) {
        Offer o = offer((*offers)[i], pointer(p, i), cat);
        if (!ids.insert(o.id).second)
          r_.fail(errc::invalid_catalog, pointer(pointer(p, i), "id"), msg::error_offer_id_twice, {{"id", echo(o.id)}});
        cat.offers.push_back(std::move(o));
      }
    }
    return cat;
  }

 private:
  Reader& r_;

  void at_most(const json& array, const std::string& path, std::size_t limit) {
    if (array.size() > limit)
      r_.fail(errc::invalid_value, path, msg::error_too_many,
              {{"count", static_cast<long>(array.size())}, {"limit", static_cast<long>(limit)}});
  }

  std::string opt_string(const json& o, const char* key, const std::string& path) {
    const json* v = find(o, key);
    return v && !v->is_null() ? r_.read_string(*v, pointer(path, key)) : std::string();
  }
  double opt_number(const json& o, const char* key, const std::string& path, double fallback, double min, double max) {
    const json* v = find(o, key);
    return v && !v->is_null() ? r_.read_quantity(*v, pointer(path, key), min, max, false, msg::example_number) : fallback;
  }
  int opt_int(const json& o, const char* key, const std::string& path, int fallback, int min, int max) {
    const json* v = find(o, key);
    return v && !v->is_null() ? r_.read_int(*v, pointer(path, key), min, max) : fallback;
  }
  // A string, or {"en": ..., "zh": ...} for prose the catalog gives in both languages.
  Text opt_text(const json& o, const char* key, const std::string& path) {
    const json* v = find(o, key);
    if (!v || v->is_null()) return {};
    const std::string p = pointer(path, key);
    if (!v->is_object()) {
      const std::string s = r_.read_string(*v, p);
      return {s, s};
    }
    r_.warn_unknown_keys(*v, p, {"en", "zh"});
    Text t;
    if (const json* en = find(*v, "en")) t.en = r_.read_string(*en, pointer(p, "en"));
    if (const json* zh = find(*v, "zh")) t.zh = r_.read_string(*zh, pointer(p, "zh"));
    if (t.en.empty()) t.en = t.zh;
    return t;
  }
  Text req_text(const json& o, const char* key, const std::string& path) {
    required(o, key, path);
    Text t = opt_text(o, key, path);
    if (t.empty()) r_.fail(errc::invalid_value, pointer(path, key), msg::error_required);
    return t;
  }
  const json& required(const json& o, const char* key, const std::string& path) {
    const json* v = find(o, key);
    if (!v) r_.fail(errc::missing_field, pointer(path, key), msg::error_required);
    return *v;
  }
  std::string req_string(const json& o, const char* key, const std::string& path) {
    return r_.read_string(required(o, key, path), pointer(path, key));
  }

  Gpu gpu(const json& j, const std::string& path) {
    r_.expect_object(j, path);
    r_.warn_unknown_keys(j, path,
                         {"id", "name", "vendor", "formFactor", "architecture", "memoryGiB", "memoryBandwidthTBps",
                          "peakTflops", "gpusPerNode", "intraNode", "interNodeGBpsPerGpu", "interNodeFabric",
                          "interNodeSource", "tdpWatts", "defaultMfu", "mfuNote", "exportVariantOf", "nvlinkCapped",
                          "confidence", "source", "notes"});
    Gpu g;
    g.id = req_string(j, "id", path);
    g.name = opt_text(j, "name", path);
    if (g.name.empty()) g.name = {g.id, g.id};
    g.vendor = opt_string(j, "vendor", path);
    g.form_factor = opt_string(j, "formFactor", path);
    g.architecture = opt_string(j, "architecture", path);
    g.memory_gib = r_.read_quantity(required(j, "memoryGiB", path), pointer(path, "memoryGiB"), 0, 1e5, true, msg::example_number);
    g.memory_bandwidth_tbps = opt_number(j, "memoryBandwidthTBps", path, 0, 0, 1e3);
    const std::string peak_path = pointer(path, "peakTflops");
    const json& peak = required(j, "peakTflops", path);
    r_.expect_object(peak, peak_path);
    r_.warn_unknown_keys(peak, peak_path, {"bf16", "fp16", "fp8", "tf32"});
    g.peak_tflops.bf16 = opt_number(peak, "bf16", peak_path, 0, 0, 1e6);
    g.peak_tflops.fp16 = opt_number(peak, "fp16", peak_path, 0, 0, 1e6);
    g.peak_tflops.fp8 = opt_number(peak, "fp8", peak_path, 0, 0, 1e6);
    g.peak_tflops.tf32 = opt_number(peak, "tf32", peak_path, 0, 0, 1e6);
    if (g.peak_tflops.bf16 <= 0 && g.peak_tflops.fp16 <= 0) r_.fail(errc::invalid_value, peak_path, msg::error_peak_required);
    g.gpus_per_node = opt_int(j, "gpusPerNode", path, 8, 1, 1024);
    if (const json* intra = find(j, "intraNode")) {
      const std::string p = pointer(path, "intraNode");
      r_.expect_object(*intra, p);
      r_.warn_unknown_keys(*intra, p, {"link", "kind", "gbps"});
      g.intra_node_link = opt_string(*intra, "link", p);
      g.intra_node_kind = opt_string(*intra, "kind", p);
      g.intra_node_gbps = opt_number(*intra, "gbps", p, 0, 0, 1e5);
    }
    g.inter_node_gbps_per_gpu = opt_number(j, "interNodeGBpsPerGpu", path, 0, 0, 1e5);
    g.inter_node_fabric = opt_string(j, "interNodeFabric", path);
    g.tdp_watts = opt_number(j, "tdpWatts", path, 0, 0, 1e5);
    g.default_mfu = opt_number(j, "defaultMfu", path, 0.35, 0.01, 1);
    g.export_variant_of = opt_string(j, "exportVariantOf", path);
    if (const json* capped = find(j, "nvlinkCapped")) g.nvlink_capped = r_.read_bool(*capped, pointer(path, "nvlinkCapped"));
    g.confidence = opt_string(j, "confidence", path);
    g.source = opt_string(j, "source", path);
    return g;
  }

  // A date as the catalog writes it: YYYY, YYYY-MM or YYYY-MM-DD, a real day.
  static bool catalog_date(const std::string& d) {
    auto digits = [&](std::size_t at, std::size_t n) {
      for (std::size_t i = at; i < at + n; ++i)
        if (i >= d.size() || d[i] < '0' || d[i] > '9') return false;
      return true;
    };
    if (d.size() != 4 && d.size() != 7 && d.size() != 10) return false;
    if (!digits(0, 4)) return false;
    if (d.size() == 4) return true;
    if (d[4] != '-' || !digits(5, 2)) return false;
    const int month = (d[5] - '0') * 10 + (d[6] - '0');
    if (month < 1 || month > 12) return false;
    if (d.size() == 7) return true;
    if (d[7] != '-' || !digits(8, 2)) return false;
    const int day = (d[8] - '0') * 10 + (d[9] - '0');
    const int year = std::stoi(d.substr(0, 4));
    static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return day >= 1 && day <= kDays[month - 1] + (month == 2 && leap ? 1 : 0);
  }

 public:
  Offer offer(const json& j, const std::string& path, const Catalog& cat) {
    r_.expect_object(j, path);
    r_.warn_unknown_keys(j, path,
                         {"id", "provider", "deployment", "tier", "region", "gpu", "gpusPerUnit", "unitsAvailable",
                          "maxGpusPerNode", "currency", "prices", "minTermHours", "commitment", "depositMonths", "setupFee",
                          "storagePricePerGBMonth", "storageIncludedGB", "egressPricePerGB", "spot", "isolation",
                          "interconnect", "interconnectNote", "priceDate", "priceDateNote", "confidence", "source",
                          "priceAsListed", "notes"});
    Offer o;
    o.id = req_string(j, "id", path);
    o.provider = req_text(j, "provider", path);
    o.deployment = "cloud";
    if (const json* d = find(j, "deployment")) o.deployment = r_.read_enum(*d, pointer(path, "deployment"), {"local-dc", "cloud"});
    if (const json* t = find(j, "tier"); t && !t->is_null())
      o.tier = r_.read_enum(*t, pointer(path, "tier"), {"baremetal-lease", "marketplace", "hyperscaler", "neocloud"});
    o.region = opt_text(j, "region", path);
    o.gpu = req_string(j, "gpu", path);
    if (!cat.find_gpu(o.gpu)) r_.fail(errc::unknown_gpu, pointer(path, "gpu"), msg::error_offer_unknown_gpu, {{"id", echo(o.gpu)}});
    o.gpus_per_unit = opt_int(j, "gpusPerUnit", path, 1, 1, 100000);
    if (const json* u = find(j, "unitsAvailable"); u && !u->is_null())
      o.units_available = r_.read_int(*u, pointer(path, "unitsAvailable"), 1, 1 << 20);
    o.max_gpus_per_node = opt_int(j, "maxGpusPerNode", path, o.gpus_per_unit, 1, 1024);
    o.currency = r_.read_enum(required(j, "currency", path), pointer(path, "currency"), {"CNY", "USD"});
    const std::string prices_path = pointer(path, "prices");
    const json& prices = required(j, "prices", path);
    r_.expect_object(prices, prices_path);
    r_.warn_unknown_keys(prices, prices_path, {"hour", "day", "month", "year"});
    bool any = false;
    for (Period p : kPeriods) {
      if (const json* v = find(prices, period_name(p)); v && !v->is_null()) {
        o.prices[static_cast<int>(p)] =
            r_.read_quantity(*v, pointer(prices_path, period_name(p)), 0, 1e12, true, msg::example_price);
        any = true;
      }
    }
    if (!any) r_.fail(errc::invalid_value, prices_path, msg::error_prices_required);
    o.min_term_hours = opt_number(j, "minTermHours", path, 0, 0, 1e6);
    if (const json* s = find(j, "spot")) o.spot = r_.read_bool(*s, pointer(path, "spot"));
    o.isolation = "shared";
    if (const json* iso = find(j, "isolation")) o.isolation = r_.read_enum(*iso, pointer(path, "isolation"), {"private", "physical", "shared"});
    const Gpu& g = *cat.find_gpu(o.gpu);
    o.intra_unit = g.intra_node_kind;
    o.inter_unit = "none";
    if (const json* ic = find(j, "interconnect")) {
      const std::string p = pointer(path, "interconnect");
      r_.expect_object(*ic, p);
      r_.warn_unknown_keys(*ic, p, {"intraUnit", "interUnit", "interUnitGBpsPerGpu"});
      if (const json* v = find(*ic, "intraUnit"))
        o.intra_unit = r_.read_enum(*v, pointer(p, "intraUnit"), {"nvlink", "pcie", "xgmi", "hccs"});
      if (const json* v = find(*ic, "interUnit"))
        o.inter_unit = r_.read_enum(*v, pointer(p, "interUnit"), {"infiniband", "roce", "efa", "ethernet", "none"});
      if (const json* v = find(*ic, "interUnitGBpsPerGpu"); v && !v->is_null())
        o.inter_unit_gbps_per_gpu = r_.read_quantity(*v, pointer(p, "interUnitGBpsPerGpu"), 0, 1e5, true, msg::example_gbps);
    }
    auto optional_number = [&](const char* key) -> std::optional<double> {
      const json* v = find(j, key);
      if (!v || v->is_null()) return std::nullopt;
      return r_.read_quantity(*v, pointer(path, key), 0, 1e12, false, msg::example_number);
    };
    o.setup_fee = optional_number("setupFee");
    o.storage_price_per_gb_month = optional_number("storagePricePerGBMonth");
    o.storage_included_gb = optional_number("storageIncludedGB");
    o.egress_price_per_gb = optional_number("egressPricePerGB");
    o.deposit_months = optional_number("depositMonths");
    o.commitment = opt_text(j, "commitment", path);
    o.price_date = opt_string(j, "priceDate", path);
    if (!o.price_date.empty() && !catalog_date(o.price_date))
      r_.fail(errc::invalid_value, pointer(path, "priceDate"), msg::error_price_date, {{"got", echo(o.price_date)}});
    if (const json* c = find(j, "confidence"); c && !c->is_null())
      o.confidence = r_.read_enum(*c, pointer(path, "confidence"), {"high", "medium", "low"});
    o.source = opt_string(j, "source", path);
    o.price_as_listed = opt_string(j, "priceAsListed", path);
    o.notes = opt_text(j, "notes", path);
    return o;
  }


 private:
  Model model(const json& j, const std::string& path) {
    r_.expect_object(j, path);
    r_.warn_unknown_keys(j, path, {"id", GPUSIZER_MODEL_KEYS});
    Model m;
    m.id = req_string(j, "id", path);
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

Catalog merge_catalog(const Catalog& base, const json& doc, const std::string& path, Reader& reader) {
  return CatalogReader(reader).merge(base, doc, path);
}

Offer read_offer(const Catalog& catalog, const json& offer, const std::string& path, Reader& reader) {
  return CatalogReader(reader).offer(offer, path, catalog);
}

}  // namespace gpusizer::jsonio
