#include <catch2/catch.hpp>

#include <set>

#include "catalog/catalog.hpp"
#include "support.hpp"
#include "contract/default_catalog.hpp"

using namespace gpusizer;
using nlohmann::json;

TEST_CASE("the default catalog has every GPU id of the design", "[catalog]") {
  const auto cat = default_catalog();
  for (const char* id : {"v100-32gb", "a100-40gb", "a100-80gb", "a100-80gb-pcie", "a800-80gb", "h100-80gb",
                         "h100-80gb-pcie", "h800-80gb", "h20-96gb", "h200-141gb", "b200-180gb", "l40s-48gb", "l20-48gb",
                         "a10-24gb", "rtx-a6000", "rtx-3090", "rtx-4090", "rtx-5090", "mi300x-192gb", "ascend-910b"}) {
    INFO(id);
    const Gpu* g = cat->find_gpu(id);
    REQUIRE(g != nullptr);
    CHECK(g->memory_gib > 0);
    CHECK(g->peak_tflops.at(Precision::fp16) > 0);
    CHECK(g->memory_bandwidth_tbps > 0);
    CHECK_FALSE(g->source.empty());
  }
  CHECK(cat->find_gpu("h100-80gb")->peak_tflops.bf16 == 989.4);  // dense, not the sparse 1979
  CHECK(cat->find_gpu("a800-80gb")->nvlink_capped);
}

TEST_CASE("the default catalog has the model presets of the design", "[catalog]") {
  const auto cat = default_catalog();
  for (const char* id : {"llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3-8b", "llama-3-70b", "llama-3.1-405b",
                         "qwen2.5-7b", "qwen2.5-14b", "qwen2.5-72b", "mistral-7b", "mixtral-8x7b", "deepseek-v3",
                         "gpt-3-175b"}) {
    INFO(id);
    const Model* m = cat->find_model(id);
    REQUIRE(m != nullptr);
    CHECK(m->layers > 0);
    CHECK(m->hidden > 0);
    CHECK(m->heads > 0);
    CHECK(m->kv_heads > 0);
    CHECK(m->ffn_hidden > 0);
    CHECK(m->vocab > 0);
    CHECK(m->seq_len > 0);
    CHECK_FALSE(m->source.empty());
  }
  const Model* v3 = cat->find_model("deepseek-v3");
  CHECK(v3->experts == 256);
  CHECK(v3->params > 6.7e11);
  CHECK(v3->active_params == 37e9);
  CHECK(cat->find_model("mixtral-8x7b")->experts == 8);
}

TEST_CASE("offers are dated, sourced and cover the renters' guide's four plan shapes", "[catalog]") {
  const auto cat = default_catalog();
  std::set<std::string> ids, deployments, currencies;
  bool one_a100_hourly = false, four_a100 = false, eight_a100 = false, h100_cluster = false;
  for (const Offer& o : cat->offers) {
    INFO(o.id);
    CHECK(ids.insert(o.id).second);
    CHECK(cat->find_gpu(o.gpu) != nullptr);
    CHECK_FALSE(o.price_date.empty());
    CHECK_FALSE(o.source.empty());
    deployments.insert(o.deployment);
    currencies.insert(o.currency);
    const bool a100 = o.gpu.rfind("a100-80gb", 0) == 0;
    if (a100 && o.gpus_per_unit == 1 && o.prices[0]) one_a100_hourly = true;
    if (a100 && o.gpus_per_unit == 4) four_a100 = true;
    if (a100 && o.gpus_per_unit == 8) eight_a100 = true;
    if (o.gpu == "h100-80gb" && o.gpus_per_unit == 8 && o.inter_unit != "none") h100_cluster = true;
  }
  CHECK(one_a100_hourly);
  CHECK(four_a100);
  CHECK(eight_a100);
  CHECK(h100_cluster);
  CHECK(deployments == std::set<std::string>{"cloud", "local-dc"});
  CHECK(currencies == std::set<std::string>{"CNY", "USD"});
  CHECK(cat->fx.usd_cny == 6.6921);
  CHECK(cat->fx.date == "2026-10-10");
}

TEST_CASE("a provider catalog in the request replaces the default offers", "[catalog]") {
  json request = {{"model", {{"preset", "llama-2-7b"}}},
                  {"training", {{"tokens", "100B"}}},
                  {"catalog",
                   {{"offers",
                     {{{"id", "acme-8x-h100"},
                       {"provider", "Acme"},
                       {"deployment", "local-dc"},
                       {"gpu", "h100-80gb"},
                       {"gpusPerUnit", 8},
                       {"currency", "CNY"},
                       {"prices", {{"hour", 120}, {"month", 80000}}},
                       {"interconnect", {{"interUnit", "infiniband"}, {"interUnitGBpsPerGpu", 50}}},
                       {"priceDate", "2026-11-01"},
                       {"source", "Acme price list"}}}}}}};
  const json r = test::run(request);
  REQUIRE(r["ok"] == true);
  REQUIRE(r["result"]["options"].size() == 1);
  CHECK(r["result"]["options"][0]["offerId"] == "acme-8x-h100");
  CHECK(r["result"]["options"][0]["recommended"] == true);
  request["catalog"]["includeDefaultOffers"] = true;
  CHECK(test::run(request)["result"]["options"].size() == default_catalog()->offers.size() + 1);
}

TEST_CASE("the catalog command prints one JSON document", "[catalog]") {
  const json doc = json::parse(catalog_json());
  CHECK(doc["gpus"].size() == default_catalog()->gpus.size());
  CHECK(doc["offers"].size() == default_catalog()->offers.size());
  CHECK(doc["models"].size() == default_catalog()->models.size());
  CHECK(doc.contains("fx"));
  // The embedded files' text, spliced: every member of theirs, as they have it.
  CHECK(doc["catalogVersion"] == default_catalog()->version);
  CHECK(doc["asOf"] == default_catalog()->as_of);
  CHECK(doc["fx"]["usdCny"] == default_catalog()->fx.usd_cny);
  CHECK(doc["offers"].back()["id"] == default_catalog()->offers.back().id);
  CHECK(doc["gpus"].back()["id"] == default_catalog()->gpus.back().id);
  CHECK(doc["contract"]["schemaVersion"] == 1);
  CHECK(doc.size() == 7);
}
