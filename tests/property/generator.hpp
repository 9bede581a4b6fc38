// Generated requests for the property tests: generator.mjs call for call (same seed, same
// requests; requests-seed-1.json pins the first ones for both). Header-only, for the Catch2
// test and the fuzzer's seeds alike.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace gpusizer::property {

using nlohmann::json;

// mulberry32, as generator.mjs: uint32 arithmetic is exactly JS's Math.imul and >>> 0.
class Rng {
 public:
  explicit Rng(std::uint32_t seed) : a_(seed) {}
  std::uint32_t operator()() {
    a_ += 0x6d2b79f5u;
    std::uint32_t t = a_;
    t = (t ^ (t >> 15)) * (1u | t);
    t = (t + (t ^ (t >> 7)) * (61u | t)) ^ t;
    return t ^ (t >> 14);
  }

 private:
  std::uint32_t a_;
};

class RequestGenerator {
 public:
  explicit RequestGenerator(std::uint32_t seed) : next_(seed) {}

  json request() {
    json req = json::object();
    if (chance(30)) req["lang"] = pick({"en", "zh"});
    json catalog_doc;
    const bool with_catalog = chance(25);
    if (with_catalog) catalog_doc = catalog();
    req["model"] = model();
    req["training"] = training();
    if (chance(50)) {
      json hardware = {{"gpu", pick({"a100-80gb", "h100-80gb", "rtx-4090", "h800-80gb", "mi300x-192gb", "v100-32gb", "cg"})}};
      if (chance(60)) hardware["count"] = value({1, 2, 8, 16, 64, 512}, 8);
      if (chance(10)) hardware["interNodeGBps"] = value({1.25, 25, 50});
      if (chance(5)) hardware["allowNonCuda"] = true;
      req["hardware"] = hardware;
    }
    if (chance(60)) {
      json goal = json::object();
      if (chance(50)) goal["days"] = value({1, 7, 30, 365});
      if (chance(20)) goal["budget"] = value({1e4, "50万", 1e7});
      if (chance(30)) goal["currency"] = pick({"CNY", "USD"});
      if (chance(10)) goal["usdCny"] = value({6.9, 7.2});
      if (chance(10)) goal["sensitiveData"] = true;
      if (chance(10)) goal["asOf"] = pick({"2026-12-01", "2027-02-28", "2025-01-01", "2026-02-30"});
      req["goal"] = goal;
    }
    if (chance(15)) req["efficiency"] = {{"mfu", value({0.3, 0.5, "40%"})}};
    if (chance(40)) req["data"] = data();
    if (with_catalog) req["catalog"] = catalog_doc;
    if (chance(5)) req["modle"] = json::object();
    return req;
  }

 private:
  Rng next_;

  std::uint32_t below(std::uint32_t n) { return next_() % n; }
  bool chance(std::uint32_t percent) { return below(100) < percent; }
  json pick(std::initializer_list<json> list) { return *(list.begin() + below(static_cast<std::uint32_t>(list.size()))); }
  double wild() {
    static const double kMantissas[] = {1, 2, 3, 5, 7, 8, 12, 16, 25, 64, 100, 333, 999};
    static const double kPowers[] = {1e-320, 1e-300, 1e-9, 1e-3, 0.01, 0.1, 1, 10, 100, 1e3, 1e6, 1e9, 1e12, 1e15, 1e18, 1e300};
    const std::uint32_t r = below(100);
    if (r < 3) return 0;
    const double m = kMantissas[below(13)];
    const double x = m * kPowers[below(16)];
    return r < 8 ? -x : x;
  }
  json value(std::initializer_list<json> sane, std::uint32_t wild_percent = 12) {
    if (chance(wild_percent)) return wild();
    return pick(sane);
  }

  json model() {
    const std::uint32_t kind = below(10);
    json m;
    if (kind < 6) {
      m = {{"preset", pick({"llama-2-7b", "llama-2-70b", "llama-3-8b", "qwen2.5-7b", "mistral-7b", "mixtral-8x7b",
                            "deepseek-v3", "gpt-3-175b"})}};
    } else if (kind < 8) {
      m = {{"params", value({"7B", "70亿", "13B", 1.3e9, 6.7e9, 3e11})}};
    } else if (kind < 9) {
      json layers = pick({2, 12, 32, 80});
      json hidden = pick({256, 4096, 8192});
      json heads = pick({4, 32, 64});
      m = {{"layers", layers}, {"hidden", hidden}, {"heads", heads}};
    } else {
      m = {{"params", wild()}};
    }
    if (chance(10)) {
      m["experts"] = pick({8, 16});
      m["expertsPerToken"] = pick({1, 2});
    }
    if (chance(5)) m["param"] = "7B";
    return m;
  }

  json training() {
    json t = json::object();
    if (chance(85)) {
      t["tokens"] = value({"1M", "20B", "2T", 1e9, 1e12, 1});
    } else {
      t["examples"] = value({1000, "5万"});
      t["tokensPerExample"] = value({300, 2048});
      if (chance(50)) t["packing"] = chance(50);
    }
    if (chance(40)) t["mode"] = pick({"pretrain", "full-finetune", "lora", "qlora"});
    if (chance(20)) t["epochs"] = value({0.5, 1, 3});
    if (chance(20)) t["seqLen"] = value({512, 2048, 4096, 32768}, 8);
    if (chance(20)) t["precision"] = pick({"bf16", "fp16", "fp8"});
    if (chance(10)) t["loraRank"] = pick({8, 64});
    if (chance(10)) t["flashAttention"] = chance(50);
    if (chance(10)) t["kernels"] = pick({"fused", "eager"});
    return t;
  }

  json gpu() {
    json memory = value({24, 80, 141}, 8);
    json bf16 = value({100, 989}, 8);
    json g = {{"id", "cg"}, {"memoryGiB", memory}, {"peakTflops", {{"bf16", bf16}}}};
    if (chance(50)) g["architecture"] = pick({"ampere", "hopper", "ada", "blackwell"});
    if (chance(40)) g["formFactor"] = pick({"sxm", "pcie"});
    if (chance(30)) {
      json kind = pick({"nvlink", "pcie"});
      json gbps = value({64, 900});
      g["intraNode"] = {{"kind", kind}, {"gbps", gbps}};
    }
    if (chance(30)) g["memoryBandwidthTBps"] = value({1, 3.35});
    if (chance(30)) g["interNodeGBpsPerGpu"] = value({0.4, 25, 50});
    if (chance(10)) g["peakTflops"]["fp8"] = value({0, 1979});
    return g;
  }

  json offer(int i) {
    json o = json::object();
    o["id"] = "o" + std::to_string(i);
    o["provider"] = "P";
    o["gpu"] = pick({"cg", "a100-80gb", "h100-80gb", "rtx-4090"});
    o["gpusPerUnit"] = pick({1, 8});
    o["currency"] = pick({"CNY", "USD"});
    o["prices"] = json::object();
    static const char* const kPeriods[] = {"hour", "day", "month", "year"};
    static const double kUnit[] = {10, 200, 5000, 50000};
    for (int p = 0; p < 4; ++p)
      if (chance(40)) o["prices"][kPeriods[p]] = value({kUnit[p], kUnit[p] * 3});
    if (o["prices"].empty()) o["prices"]["hour"] = value({2, 20});
    if (chance(20)) o["minTermHours"] = value({0, 720, 8760});
    if (chance(10)) o["setupFee"] = value({0, 5000});
    if (chance(15)) o["storagePricePerGBMonth"] = value({0.1, 0.3});
    if (chance(10)) o["egressPricePerGB"] = value({0, 0.09});
    if (chance(10)) o["bandwidthPricePerMbpsMonth"] = value({10, 12});
    if (chance(10)) o["includedMbps"] = value({0, 100});
    if (chance(5)) o["publicIpPricePerMonth"] = value({4, 50});
    if (chance(5)) o["purchasePrice"] = value({230000, 2.7e6});
    if (chance(20)) o["unitsAvailable"] = value({1, 4, 64}, 8);
    if (chance(40)) {
      json inter = pick({"infiniband", "ethernet", "none"});
      json gbps = value({1.25, 50});
      o["interconnect"] = {{"interUnit", inter}, {"interUnitGBpsPerGpu", gbps}};
    }
    if (chance(10)) o["spot"] = true;
    if (chance(20)) o["isolation"] = pick({"private", "physical", "shared"});
    if (chance(20)) o["priceDate"] = pick({"2026-10-10", "2026-09", "2025", "2026-02-29"});
    if (chance(5)) o["gpuPerUnit"] = 8;
    return o;
  }

  json data() {
    json d = json::object();
    if (chance(50)) d["size"] = value({"8TB", "500 GB", "1.5TiB", "8 太字节", 5e11, "8T"});
    if (chance(60)) d["kind"] = pick({"zh", "en", "code", "mixed"});
    if (chance(40)) d["uploadMbps"] = value({100, "1Gbps", "千兆", 0});
    if (chance(20)) d["checkpointsKept"] = value({0, 3, 10});
    if (chance(10)) d["tokenizer"] = pick({"qwen", "llama3", "glm4"});
    return d;
  }

  json catalog() {
    json c = json::object();
    if (chance(60)) c["gpus"] = json::array({gpu()});
    json offers = json::array();
    const int n = 1 + static_cast<int>(below(3));
    for (int i = 0; i < n; ++i) offers.push_back(offer(i));
    c["offers"] = offers;
    if (chance(30)) c["includeDefaultOffers"] = true;
    if (chance(10)) {
      json rate = value({7, 6.5});
      json date = pick({"2026-10-10", "2026-13-01"});
      c["fx"] = {{"usdCny", rate}, {"date", date}};
    }
    return c;
  }
};

}  // namespace gpusizer::property
