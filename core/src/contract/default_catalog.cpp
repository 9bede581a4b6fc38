#include "contract/default_catalog.hpp"

#include "catalog/catalog_data.hpp"
#include "contract/catalog_check.hpp"
#include "contract/catalog_reader.hpp"
#include "contract/json_write.hpp"

namespace gpusizer {

namespace {

nlohmann::json embedded_document() {
  nlohmann::json offers = nlohmann::json::parse(data::kOffersJson);
  nlohmann::json doc;
  doc["catalogVersion"] = offers.at("catalogVersion");
  if (offers.contains("asOf")) doc["asOf"] = offers.at("asOf");
  doc["fx"] = offers.at("fx");
  doc["gpus"] = nlohmann::json::parse(data::kGpusJson).at("gpus");
  doc["models"] = nlohmann::json::parse(data::kModelsJson).at("models");
  doc["offers"] = offers.at("offers");
  return doc;
}

}  // namespace

std::shared_ptr<const Catalog> default_catalog() {
  static const std::shared_ptr<const Catalog> catalog = [] {
    std::vector<Warning> ignored;
    jsonio::Reader reader(ignored);
    return std::make_shared<const Catalog>(jsonio::merge_catalog(Catalog{}, embedded_document(), "", reader));
  }();
  return catalog;
}

// The request vocabulary a client needs to build requests without re-declaring it: the
// allowed values of each enumerated field and the defaults the core applies.
nlohmann::json contract_document() {
  nlohmann::json c;
  c["schemaVersion"] = 1;
  c["enums"] = {{"lang", {"en", "zh"}},
                {"mode", {"pretrain", "full-finetune", "lora", "qlora"}},
                {"kernels", {"fused", "eager"}},
                {"precision", {"bf16", "fp16", "fp8"}},
                {"currency", {"CNY", "USD"}},
                {"recompute", {"none", "selective", "full"}},
                {"activation", {"swiglu", "geglu", "gelu"}},
                {"attention", {"mha", "gqa", "mqa", "mla"}},
                {"loraTargets", {"all-linear", "attention", "q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj",
                                 "down_proj"}},
                {"padding", {"longest", "max-length"}},
                {"isolation", {"private", "physical", "shared"}},
                {"shapeSource", {"preset", "config", "given", "inferred"}},
                {"responseOptions", {"full", "summary"}}};
  // A catalog's offers (contract/catalog_reader.cpp), for the provider kit's forms (a table, not
  // an initializer list: each of those costs the wasm module code).
  static const char* const kOfferEnums[][6] = {{"deployment", "local-dc", "cloud"},
                                                {"tier", "baremetal-lease", "marketplace", "hyperscaler", "neocloud"},
                                                {"intraUnit", "nvlink", "pcie", "xgmi", "hccs"},
                                                {"interUnit", "infiniband", "roce", "efa", "ethernet", "none"},
                                                {"confidence", "high", "medium", "low"}};
  for (const auto& e : kOfferEnums) {
    nlohmann::json& list = c["enums"][e[0]] = nlohmann::json::array();
    for (int i = 1; i < 6 && e[i]; ++i) list.push_back(e[i]);
  }
  // The names a price list's columns may have (catalog_from_csv), in the catalog's order.
  c["enums"]["priceListColumn"] = csv_column_names();
  c["defaults"] = {{"preset", "llama-2-7b"}, {"gpu", "a100-80gb"}, {"tokens", "2T"}, {"epochs", 1},
                   {"days", 30},           {"count", 8},           {"mode", "pretrain"}, {"precision", "bf16"},
                   {"seqLen", 4096},       {"loraRank", 16},       {"currency", "CNY"}, {"lang", "en"},
                   {"loraTargets", "all-linear"}, {"packing", false}, {"padding", "longest"}, {"allowNonCuda", false}};
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
