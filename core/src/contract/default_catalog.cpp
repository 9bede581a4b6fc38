#include "contract/default_catalog.hpp"

#include <utility>

#include "catalog/catalog_data.hpp"
#include "contract/catalog_check.hpp"
#include "contract/catalog_reader.hpp"
#include "contract/json_write.hpp"
#include "contract/limits.hpp"

namespace gpusizer {

namespace {

// The three files' parts, moved (not copied) into one document.
nlohmann::json embedded_document() {
  nlohmann::json offers = jsonio::parse_own(data::kOffersJson);
  nlohmann::json doc;
  doc["catalogVersion"] = std::move(offers.at("catalogVersion"));
  if (offers.contains("asOf")) doc["asOf"] = std::move(offers.at("asOf"));
  doc["fx"] = std::move(offers.at("fx"));
  doc["gpus"] = std::move(jsonio::parse_own(data::kGpusJson).at("gpus"));
  doc["models"] = std::move(jsonio::parse_own(data::kModelsJson).at("models"));
  doc["offers"] = std::move(offers.at("offers"));
  return doc;
}

}  // namespace

std::shared_ptr<const Catalog> default_catalog() {
  static const std::shared_ptr<const Catalog> catalog = [] {
    std::vector<Warning> ignored;
    jsonio::Reader reader(ignored);
    reader.ignore_unknown_keys();  // its warnings are ignored: no need to look for them
    return std::make_shared<const Catalog>(jsonio::merge_catalog(Catalog{}, embedded_document(), "", reader));
  }();
  return catalog;
}

// The request vocabulary a client needs to build requests without re-declaring it: the
// allowed values of each enumerated field and the defaults the core applies; with a catalog's
// offers' values (contract/catalog_reader.cpp) for the provider kit's forms. JSON text, parsed
// here: built from initializer lists it cost the wasm module 4 KB gzipped (README, Performance).
nlohmann::json contract_document() {
  nlohmann::json c = jsonio::parse_own(R"({
    "schemaVersion": 1,
    "enums": {
      "lang": ["en", "zh"],
      "mode": ["pretrain", "full-finetune", "lora", "qlora"],
      "kernels": ["fused", "eager"],
      "precision": ["bf16", "fp16", "fp8"],
      "currency": ["CNY", "USD"],
      "recompute": ["none", "selective", "full"],
      "activation": ["swiglu", "geglu", "gelu"],
      "attention": ["mha", "gqa", "mqa", "mla"],
      "loraTargets": ["all-linear", "attention", "q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"],
      "padding": ["longest", "max-length"],
      "isolation": ["private", "physical", "shared"],
      "shapeSource": ["preset", "config", "given", "inferred"],
      "responseOptions": ["full", "summary"],
      "deployment": ["local-dc", "cloud"],
      "tier": ["baremetal-lease", "marketplace", "hyperscaler", "neocloud"],
      "intraUnit": ["nvlink", "pcie", "xgmi", "hccs"],
      "interUnit": ["infiniband", "roce", "efa", "ethernet", "none"],
      "confidence": ["high", "medium", "low"]
    },
    "defaults": {
      "preset": "llama-2-7b", "gpu": "a100-80gb", "tokens": "2T", "epochs": 1, "days": 30, "count": 8,
      "mode": "pretrain", "precision": "bf16", "seqLen": 4096, "loraRank": 16, "currency": "CNY", "lang": "en",
      "loraTargets": "all-linear", "packing": false, "padding": "longest", "allowNonCuda": false
    }
  })");
  // The names a price list's columns may have (catalog_from_csv), in the catalog's order.
  c["enums"]["priceListColumn"] = csv_column_names();
  return c;
}

std::string default_catalog_json() {
  nlohmann::json doc = embedded_document();
  doc["contract"] = contract_document();
  jsonio::Writer w(2);
  w.value(doc);
  return w.take();
}

}  // namespace gpusizer
