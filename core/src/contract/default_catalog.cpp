#include "contract/default_catalog.hpp"

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "catalog/catalog_data.hpp"
#include "contract/catalog_reader.hpp"
#include "contract/offer_fields.hpp"
#include "contract/json_write.hpp"
#include "contract/limits.hpp"
#include "contract/json_parse.hpp"

namespace gpusizer {

namespace {

using jsonio::Value;

// A member of one of the core's own files, moved out of it (one missing is a bug).
Value take(Value& file, const char* key) {
  if (!file.contains(key)) throw std::logic_error(std::string("embedded catalog without ") + key);
  return std::move(file[key]);
}

// The three files' parts, moved (not copied) into one document.
Value embedded_document() {
  Value offers = jsonio::parse_own(data::kOffersJson);
  Value gpus = jsonio::parse_own(data::kGpusJson), models = jsonio::parse_own(data::kModelsJson);
  Value doc = Value::object();
  doc["catalogVersion"] = take(offers, "catalogVersion");
  if (offers.contains("asOf")) doc["asOf"] = take(offers, "asOf");
  doc["fx"] = take(offers, "fx");
  doc["gpus"] = take(gpus, "gpus");
  doc["models"] = take(models, "models");
  doc["offers"] = take(offers, "offers");
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
// here: built from initializer lists it cost the wasm module 4 KB gzipped (docs/performance.md).
Value contract_document() {
  Value c = jsonio::parse_own(R"({
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
      "confidence": ["high", "medium", "low"],
      "dataKind": ["zh", "en", "code", "mixed"],
      "tokenizer": ["llama2", "mistral", "llama3", "qwen", "deepseek-v3", "cl100k", "o200k", "glm4", "chatglm3", "baichuan2", "yi", "internlm2", "deepseek-llm"],
      "lineKind": ["gpu", "storage", "transfer", "setup", "purchase", "hosting", "power"]
    },
    "defaults": {
      "preset": "llama-2-7b", "gpu": "a100-80gb", "tokens": "2T", "epochs": 1, "days": 30, "count": 8,
      "mode": "pretrain", "precision": "bf16", "seqLen": 4096, "loraRank": 16, "currency": "CNY", "lang": "en",
      "loraTargets": "all-linear", "packing": false, "padding": "longest", "allowNonCuda": false,
      "checkpointsKept": 3, "uploadMbps": 100
    }
  })");
  // The names a price list's columns may have (catalog_from_csv), in the catalog's order.
  Value columns = Value::array();
  for (std::string& name : offer_fields::price_list_columns()) columns.push_back(Value(std::move(name)));
  c["enums"]["priceListColumn"] = std::move(columns);
  return c;
}

namespace {

// The end of the JSON value that starts at text[at] (after any whitespace): its text is
// spliced as it is, so only strings (for brackets inside them) and nesting matter.
std::size_t value_end(std::string_view text, std::size_t at) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = at; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') {
        in_string = false;
        if (depth == 0) return i + 1;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (--depth == 0) return i + 1;
      if (depth < 0) return i;  // a scalar ended by its object's brace
    } else if (depth == 0 && c == ',') {
      return i;
    }
  }
  return text.size();
}

// The text of `key`'s value in the object `text` (a top-level member); empty when absent. Its
// members are walked with value_end(), which skips a key (a string) as it skips a value.
std::string_view member(std::string_view text, std::string_view key) {
  std::size_t at = text.find('{');
  while (at != std::string_view::npos) {
    at = text.find('"', at + 1);  // the next key: past the '{' or the ',' before it
    if (at == std::string_view::npos) break;
    const std::size_t key_end = value_end(text, at);
    const std::string_view name = text.substr(at + 1, key_end - at - 2);
    std::size_t value = text.find(':', key_end) + 1;
    while (value < text.size() && (text[value] == ' ' || text[value] == '\n')) ++value;
    at = value_end(text, value);
    if (name == key) return text.substr(value, at - value);
  }
  return {};
}

}  // namespace

// The embedded files' own text spliced around the contract, not parsed and written again: the
// page's first call, while the worker's code is still cold (it parsed the 100 KB and wrote it
// back, 17.6M instructions).
std::string default_catalog_json() {
  const std::string_view offers = data::kOffersJson, gpus = data::kGpusJson, models = data::kModelsJson;
  jsonio::Writer contract;
  contract.value(contract_document());
  std::string out = "{";
  auto add = [&](std::string_view key, std::string_view value) {
    if (value.empty()) return;
    if (out.size() > 1) out += ',';
    out += '"';
    out += key;
    out += "\":";
    out += value;
  };
  // In the order the catalog was written before (keys sorted), which nothing depends on.
  add("asOf", member(offers, "asOf"));
  add("catalogVersion", member(offers, "catalogVersion"));
  add("contract", contract.take());
  add("fx", member(offers, "fx"));
  add("gpus", member(gpus, "gpus"));
  add("models", member(models, "models"));
  add("offers", member(offers, "offers"));
  out += '}';
  return out;
}

}  // namespace gpusizer
