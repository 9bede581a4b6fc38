// The provider kit in the core: a price list (CSV) made into a catalog, and a catalog checked on
// its own exactly as a request's catalog is read; prices against the market.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "kit/csv.hpp"
#include "gpusizer/api.hpp"
#include "support.hpp"

using nlohmann::json;
using namespace gpusizer;

namespace {

json import(const std::string& csv, const std::string& lang = "en") { return json::parse(catalog_from_csv(csv, lang)); }
json check(const json& catalog, const std::string& lang = "en") { return json::parse(check_catalog(catalog.dump(), lang)); }

const std::string kHeader = "provider,gpu,gpusPerUnit,unitsAvailable,currency,hour,month,isolation,intraUnit,interUnit,interUnitGBpsPerGpu,priceDate\n";

}  // namespace

TEST_CASE("CSV: quotes, doubled quotes, line breaks inside cells, CRLF, a BOM, blank rows", "[catalog-kit]") {
  const std::string text = "\xEF\xBB\xBF" "a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\r\nlines\"\r\n\r\n 1 ,2,3";
  const auto table = jsonio::parse_csv(text, Lang::en);
  REQUIRE(table.records.size() == 4);
  CHECK(table.records[0].cells == std::vector<std::string>{"a", "b", "c"});
  CHECK(table.records[1].cells == std::vector<std::string>{"x, y", "say \"hi\"", "two\nlines"});
  CHECK(table.records[2].blank());
  CHECK(table.records[3].row == 4);
  CHECK(table.records[3].cells == std::vector<std::string>{"1", "2", "3"});
}

TEST_CASE("CSV: a cell guarded against formulas (a leading apostrophe) reads as it was written", "[catalog-kit]") {
  const auto table = jsonio::parse_csv("a,b,c,d,e\n'=HYPERLINK(\"x\"),\"'+1\",'-2,'@me,it's\n", Lang::en);
  CHECK(table.records[1].cells == std::vector<std::string>{"=HYPERLINK(\"x\")", "+1", "-2", "@me", "it's"});
  CHECK(jsonio::parse_csv("a\n\"'\tx\"\n", Lang::en).records[1].cells == std::vector<std::string>{"\tx"});
  CHECK(jsonio::parse_csv("a\n'plain\n", Lang::en).records[1].cells == std::vector<std::string>{"'plain"});
}

TEST_CASE("CSV: a spreadsheet's copy (tabs) and semicolons are read by the header's delimiter", "[catalog-kit]") {
  CHECK(jsonio::parse_csv("a\tb\n1,5\t2\n", Lang::en).records[1].cells == std::vector<std::string>{"1,5", "2"});
  CHECK(jsonio::parse_csv("a;b\n1,5;2\n", Lang::en).records[1].cells == std::vector<std::string>{"1,5", "2"});
}

TEST_CASE("CSV: an open quote, text that is not UTF-8 and a list over 2 MiB are errors", "[catalog-kit]") {
  json r = import("provider,gpu\n\"Acme,h100-80gb\n");
  CHECK(r["ok"] == false);
  CHECK(r["error"]["path"] == "/rows/2");
  CHECK(r["error"]["message"].get<std::string>().find("row 2") != std::string::npos);
  r = import("provider,gpu,currency,hour\n\xB0\xA2\xC0\xEF,h100-80gb,CNY,1\n");  // GBK, as older Excel saves
  CHECK(r["error"]["message"].get<std::string>().find("CSV UTF-8") != std::string::npos);
  CHECK(import(std::string(3 * 1024 * 1024, 'a'))["error"]["code"] == "invalid_value");
  CHECK(import("")["error"]["code"] == "missing_field");
  CHECK(import("provider,gpu,currency,hour\n")["error"]["path"] == "/rows");
}

TEST_CASE("a price list becomes a catalog: columns in any order, numbers as people write them, Chinese text", "[catalog-kit]") {
  const std::string csv =
      "\xEF\xBB\xBF" "month,Provider,provider.zh,GPU,gpusPerUnit,currency,hour,region,spot,priceDate,interUnit,notes\r\n"
      "\"8.7万\",Acme Compute,算力公司,h100-80gb,8,cny,\"1,000\",华东,否,2026/11/20,InfiniBand,\"机房 A, 4 楼\"\r\n"
      "\"12,000\",Acme Compute,,A100 SXM4 80GB,8,CNY,,,no,2026-11,none,\r\n";
  const json r = import(csv);
  INFO(r.dump(2));
  REQUIRE(r["ok"] == true);
  const json& offers = r["catalog"]["offers"];
  REQUIRE(offers.size() == 2);
  CHECK(offers[0]["id"] == "acme-compute-8x-h100-80gb");
  CHECK(offers[0]["provider"] == json({{"en", "Acme Compute"}, {"zh", "算力公司"}}));
  CHECK(offers[0]["prices"] == json({{"hour", 1000}, {"month", 87000}}));
  CHECK(offers[0]["currency"] == "CNY");
  CHECK(offers[0]["region"] == "华东");
  CHECK(offers[0]["spot"] == false);
  CHECK(offers[0]["priceDate"] == "2026-11-20");
  CHECK(offers[0]["interconnect"]["interUnit"] == "infiniband");
  CHECK(offers[0]["notes"] == "机房 A, 4 楼");
  CHECK(offers[1]["gpu"] == "a100-80gb");
  CHECK(offers[1]["provider"] == "Acme Compute");
  CHECK(r["offerRows"] == json({2, 3}));
  // Written in the catalog's order whatever the columns' order.
  const auto ordered = nlohmann::ordered_json::parse(catalog_from_csv(csv, "en"))["catalog"]["offers"][0];
  std::vector<std::string> keys;
  for (auto it = ordered.begin(); it != ordered.end(); ++it) keys.push_back(it.key());
  CHECK(keys.front() == "id");
  CHECK(keys[1] == "provider");
  // The catalog is a request's catalog as it is.
  const json est = test::run({{"model", {{"preset", "llama-2-7b"}}}, {"training", {{"tokens", "100B"}}}, {"catalog", r["catalog"]}});
  REQUIRE(est["ok"] == true);
  CHECK(est["result"]["options"].size() == 2);
}

TEST_CASE("bad rows: every row's first error, at /rows/<row>/<column>, in both languages", "[catalog-kit]") {
  const std::string csv = kHeader +
                          "Acme,h100-80gb,8,2,CNY,160,85000,private,nvlink,infiniband,50,2026-11-20\n"
                          "Acme,h100-80gb,0,2,CNY,160,85000,private,nvlink,infiniband,50,2026-11-20\n"
                          "Acme,a100,8,2,CNY,160,,private,nvlink,infiniband,50,2026-11-20\n"  // 40 or 80 GB?
                          "Acme,h100-80gb,8,2,EUR,160,,private,nvlink,infiniband,50,2026-11-20\n"
                          "Acme,h100-80gb,8,2,CNY,,,private,nvlink,infiniband,50,2026-11-20\n"
                          "Acme,h100-80gb,8,2,CNY,abc,,private,nvlink,infiniband,50,2026-11-20\n"
                          "Acme,h100-80gb,8,2,CNY,160,,private,nvlink,infiniband,50,next week\n";
  const json r = import(csv);
  INFO(r.dump(2));
  REQUIRE(r["ok"] == false);
  REQUIRE(r["errors"].size() == 6);
  CHECK(r["error"] == json({{"code", "invalid_value"}, {"path", "/rows/3/gpusPerUnit"}, {"message", r["errors"][0]["message"]}}));
  CHECK(r["errors"][0]["message"].get<std::string>().rfind("row 3, column gpusPerUnit: must be at least 1", 0) == 0);
  CHECK(r["errors"][0]["row"] == 3);
  CHECK(r["errors"][0]["column"] == "gpusPerUnit");
  CHECK(r["errors"][1]["path"] == "/rows/4/gpu");
  CHECK(r["errors"][1]["code"] == "unknown_gpu");
  CHECK(r["errors"][1]["message"].get<std::string>().find("a100-40gb, a100-80gb") != std::string::npos);
  CHECK(r["errors"][2]["path"] == "/rows/5/currency");
  CHECK(r["errors"][3]["path"] == "/rows/6");
  CHECK(r["errors"][3]["message"] == "row 6: needs at least one of hour, day, month, year");
  CHECK(r["errors"][4]["path"] == "/rows/7/hour");
  CHECK(r["errors"][4]["message"].get<std::string>().find("\"abc\" is not a number") != std::string::npos);
  CHECK(r["errors"][5]["path"] == "/rows/8/priceDate");
  CHECK(r["errorCount"] == 6);
  CHECK(r["table"]["rows"].size() == 7);
  const json zh = import(csv, "zh");
  CHECK(zh["errors"][0]["message"].get<std::string>().rfind("第 3 行 gpusPerUnit 列：", 0) == 0);
}

TEST_CASE("the header: required columns, columns twice, unknown columns with a close match", "[catalog-kit]") {
  json r = import("provider,currency,hour\nAcme,CNY,1\n");
  CHECK(r["error"]["path"] == "/rows/1/gpu");
  CHECK(r["error"]["code"] == "missing_field");
  r = import("provider,gpu,currency\nAcme,h100-80gb,CNY\n");
  CHECK(r["error"]["path"] == "/rows/1/hour");
  r = import("provider,gpu,currency,hour,Hour\nAcme,h100-80gb,CNY,1,2\n");
  CHECK(r["error"]["path"] == "/rows/1/hour");
  r = import("provider,gpu,currency,hour,gpus_per_unit,monthly,colour\nAcme,h100-80gb,CNY,100,8,1,red\n");
  REQUIRE(r["ok"] == true);
  REQUIRE(r["warnings"].size() >= 3);
  CHECK(r["warnings"][0]["path"] == "/rows/1/gpus_per_unit");
  CHECK(r["warnings"][0]["message"] == "column gpus_per_unit is not read; did you mean gpusPerUnit?");
  CHECK(r["warnings"][1]["message"] == "column monthly is not read; did you mean month?");
  CHECK(r["warnings"][2]["message"].get<std::string>().find("the columns read are id, provider") != std::string::npos);
  CHECK(r["table"]["names"] == json({"provider", "gpu", "currency", "hour", nullptr, nullptr, nullptr}));
}

TEST_CASE("ids: given ones kept and checked, missing ones made from provider, unit and GPU", "[catalog-kit]") {
  json r = import("id,provider,gpu,gpusPerUnit,currency,hour\n"
                  "a,Acme,h100-80gb,8,CNY,100\n"
                  ",Acme,h100-80gb,8,CNY,110\n"
                  ",Acme,h100-80gb,8,CNY,120\n"
                  ",算力,h100-80gb,,CNY,12\n");
  REQUIRE(r["ok"] == true);
  const json& o = r["catalog"]["offers"];
  CHECK(o[0]["id"] == "a");
  CHECK(o[1]["id"] == "acme-8x-h100-80gb");
  CHECK(o[2]["id"] == "acme-8x-h100-80gb-4");
  CHECK(o[3]["id"] == "offer-h100-80gb");
  r = import("id,provider,gpu,currency,hour\na,Acme,h100-80gb,CNY,100\na,Acme,h100-80gb,CNY,100\n");
  CHECK(r["error"]["path"] == "/rows/3/id");
}

TEST_CASE("limits: 2,000 offer rows and 1 KiB cells, as a request's catalog", "[catalog-kit]") {
  std::string csv = "provider,gpu,currency,hour\n";
  for (int i = 0; i < 2001; ++i) csv += "Acme,h100-80gb,CNY," + std::to_string(100 + i) + "\n";
  json r = import(csv);
  CHECK(r["error"]["path"] == "/rows");
  CHECK(r["error"]["message"].get<std::string>().find("2,001") != std::string::npos);
  r = import("provider,gpu,currency,hour\n" + std::string(1100, 'x') + ",h100-80gb,CNY,1\n");
  CHECK(r["error"]["path"] == "/rows/2/provider");
}

TEST_CASE("check_catalog: the messages and paths of a request's catalog, under the document", "[catalog-kit]") {
  json catalog = {{"offers",
                   {{{"id", "a"}, {"provider", "Acme"}, {"gpu", "h100-80gb"}, {"currency", "CNY"}, {"prices", {{"hour", 160}}}},
                    {{"id", "b"}, {"provider", "Acme"}, {"gpu", "h100-80gb"}, {"currency", "CNY"}, {"prices", json::object()}},
                    {{"id", "c"}, {"provider", "Acme"}, {"gpu", "nope"}, {"currency", "CNY"}, {"prices", {{"hour", 1}}}}}}};
  for (const char* lang : {"en", "zh"}) {
    const json c = check(catalog, lang);
    const json req = test::run({{"lang", lang}, {"model", {{"preset", "llama-2-7b"}}}, {"training", {{"tokens", "1B"}}}, {"catalog", catalog}});
    REQUIRE(c["ok"] == false);
    CHECK(c["error"]["code"] == req["error"]["code"]);
    CHECK("/catalog" + c["error"]["path"].get<std::string>() == req["error"]["path"]);
    // The same words after the field, which each names as its document has it ("offer 2",
    // "catalog offer 2").
    const std::string colon = std::string(lang) == "zh" ? "：" : ": ";
    const auto detail = [&](const json& e) {
      const std::string m = e["message"];
      return m.substr(m.find(colon) + colon.size());
    };
    CHECK(detail(c["error"]) == detail(req["error"]));
    CHECK(c["error"]["field"] == "offers.prices");
    CHECK(req["error"]["field"] == "catalog.offers.prices");
    REQUIRE(c["errors"].size() == 2);
    CHECK(c["errors"][1]["path"] == "/offers/2/gpu");
    CHECK(c["errorCount"] == 2);
  }
  CHECK(check_catalog("{", "zh").find("价格目录不是有效的 JSON") != std::string::npos);
  CHECK(json::parse(check_catalog("[]", "en"))["error"]["code"] == "invalid_type");
  const json dup = check({{"offers", {catalog["offers"][0], catalog["offers"][0]}}});
  CHECK(dup["error"]["path"] == "/offers/1/id");
  CHECK(dup["errors"].size() == 1);
}

TEST_CASE("check_catalog: the example catalog passes; the reader holds offers to the schema's values", "[catalog-kit]") {
  json offer = {{"id", "a"}, {"provider", "Acme"}, {"gpu", "h100-80gb"}, {"currency", "CNY"}, {"prices", {{"hour", 160}}}};
  CHECK(check({{"offers", {offer}}})["ok"] == true);
  for (const auto& [key, value] : std::vector<std::pair<std::string, json>>{
           {"priceDate", "2026/11/20"}, {"priceDate", "2026-02-30"}, {"confidence", "very"}, {"tier", "cloud"}}) {
    json bad = offer;
    bad[key] = value;
    const json c = check({{"offers", {bad}}});
    CHECK(c["error"]["path"] == "/offers/0/" + key);
  }
  json bad = offer;
  bad["interconnect"] = {{"intraUnit", "nvswitch"}};
  CHECK(check({{"offers", {bad}}})["error"]["path"] == "/offers/0/interconnect/intraUnit");
  for (const char* date : {"2026", "2026-11", "2024-02-29"}) {
    json good = offer;
    good["priceDate"] = date;
    CHECK(check({{"offers", {good}}})["ok"] == true);
  }
}

TEST_CASE("market: an offer's lowest price per GPU-hour against the default median for its GPU", "[catalog-kit]") {
  // Per unit prices: 8 GPUs. ¥20 per GPU-hour by the hour, about the market; ¥2 (a per-GPU price
  // typed as the unit's) is far below; a month at ¥800,000 (¥139/GPU-hour) far above.
  auto offer = [](const char* id, json prices) {
    return json{{"id", id}, {"provider", "Acme"}, {"gpu", "h100-80gb"}, {"gpusPerUnit", 8}, {"currency", "CNY"}, {"prices", prices}};
  };
  const json c = check({{"offers", {offer("ok", {{"hour", 160}}), offer("low", {{"hour", 16}}), offer("high", {{"month", 800000}})}}});
  INFO(c.dump(2));
  REQUIRE(c["ok"] == true);
  const json& m = c["market"];
  CHECK(m["low"] == 0.5);
  CHECK(m["high"] == 2);
  CHECK(m["rule"].get<std::string>().find("0.5×") != std::string::npos);
  REQUIRE(m["offers"].size() == 3);
  CHECK(m["offers"][0]["verdict"] == "within");
  CHECK(m["offers"][0]["pricePerGpuHour"] == 20);
  CHECK(m["offers"][0]["marketOffers"].get<int>() >= 3);
  CHECK(m["offers"][1]["verdict"] == "below");
  CHECK(m["offers"][1]["path"] == "/offers/1/prices/hour");
  CHECK(m["offers"][2]["verdict"] == "above");
  CHECK(m["offers"][2]["period"] == "month");
  std::vector<std::string> codes;
  for (const json& w : c["warnings"]) codes.push_back(w["code"]);
  CHECK(codes == std::vector<std::string>{"price_below_market", "price_above_market"});
  CHECK(c["warnings"][0]["path"] == "/offers/1/prices/hour");
  // A GPU with too few default offers has no reference.
  json v100 = offer("v", {{"hour", 10}});
  v100["gpu"] = "v100-32gb";
  CHECK(check({{"offers", {v100}}})["market"]["offers"][0]["verdict"] == "no_reference");
  // In a price list, the flag is on the row and the period's column.
  const json r = import("provider,gpu,gpusPerUnit,currency,hour\nAcme,h100-80gb,8,CNY,16\n");
  REQUIRE(r["ok"] == true);
  CHECK(r["market"]["offers"][0]["row"] == 2);
  CHECK(r["warnings"][0]["path"] == "/rows/2/hour");
  CHECK(r["warnings"][0]["code"] == "price_below_market");
}

TEST_CASE("the default catalog against its own market: most offers within the rule", "[catalog-kit]") {
  json doc = json::parse(catalog_json());
  const json c = check({{"offers", doc["offers"]}});
  REQUIRE(c["ok"] == true);
  int within = 0, flagged = 0;
  for (const json& o : c["market"]["offers"]) {
    within += o["verdict"] == "within";
    flagged += o["verdict"] == "below" || o["verdict"] == "above";
  }
  INFO(within << " within, " << flagged << " flagged");
  CHECK(within > 3 * flagged);
}

TEST_CASE("the contract's offer vocabulary is what the catalog reader and the importer accept", "[catalog-kit]") {
  const json enums = json::parse(catalog_json())["contract"]["enums"];
  const json offer = {{"id", "a"}, {"provider", "Acme"}, {"gpu", "h100-80gb"}, {"currency", "CNY"}, {"prices", {{"hour", 160}}}};
  const std::vector<std::pair<std::string, std::string>> fields = {
      {"deployment", ""}, {"tier", ""}, {"isolation", ""}, {"confidence", ""}, {"currency", ""},
      {"interconnect", "intraUnit"}, {"interconnect", "interUnit"}};
  for (const auto& [key, sub] : fields) {
    const std::string name = sub.empty() ? key : sub;
    INFO(name);
    REQUIRE(enums.contains(name));
    for (const json& value : enums[name]) {
      json o = offer;
      if (sub.empty()) o[key] = value; else o[key][sub] = value;
      CHECK(check({{"offers", {o}}})["ok"] == true);
    }
    json o = offer;
    if (sub.empty()) o[key] = "bogus"; else o[key][sub] = "bogus";
    CHECK(check({{"offers", {o}}})["ok"] == false);
  }
  for (const json& column : enums["priceListColumn"]) {
    const std::string name = column;
    const json r = import("provider,gpu,currency,hour" + (name == "provider" || name == "gpu" || name == "currency" || name == "hour" ? std::string() : "," + name) +
                          "\nAcme,h100-80gb,CNY,160\n");
    INFO(name << ": " << r.dump());
    CHECK(r["ok"] == true);
    for (const json& w : r["warnings"]) CHECK(w["code"] != "unknown_field");
  }
}

TEST_CASE("GPUs as people write them: ids, catalog names and the aliases, in both languages", "[catalog-kit]") {
  const std::string head = "provider,gpu,gpusPerUnit,currency,hour\n";
  const std::vector<std::pair<std::string, std::string>> written = {
      {"rtx-4090", "rtx-4090"},          {"RTX 4090", "rtx-4090"},        {"4090", "rtx-4090"},
      {"NVIDIA GeForce RTX 4090", "rtx-4090"}, {"英伟达 RTX4090 显卡", "rtx-4090"}, {"４０９０", "rtx-4090"},
      {"RTX 4090 24G", "rtx-4090"},      {"A100 80GB", "a100-80gb"},      {"A100 80G", "a100-80gb"},
      {"NVIDIA A100-SXM4-80GB", "a100-80gb"}, {"A100 80GB PCIe", "a100-80gb-pcie"}, {"A100-PCIE-80GB", "a100-80gb-pcie"},
      {"H800", "h800-80gb"},             {"H800 80G", "h800-80gb"},       {"h100 80gb hbm3", "h100-80gb"},
      {"H100 PCIe", "h100-80gb-pcie"},   {"A800", "a800-80gb"},           {"H20", "h20-96gb"},
      {"昇腾910B", "ascend-910b"},        {"华为昇腾 910B", "ascend-910b"},  {"Ascend 910B", "ascend-910b"},
      {"L40S", "l40s-48gb"},             {"MI300X", "mi300x-192gb"},      {"A6000", "rtx-a6000"},
      {"GeForce RTX 4090 24GB", "rtx-4090"}};
  for (const auto& [text, id] : written) {
    INFO(text);
    const json r = import(head + "Acme,\"" + text + "\",8,CNY,100\n");
    REQUIRE(r["ok"] == true);
    CHECK(r["catalog"]["offers"][0]["gpu"] == id);
    CHECK(r["catalog"]["offers"][0]["id"] == "acme-8x-" + id);
  }
  // A name that fits more than one GPU, or a different card, names none: the closest are said.
  for (const char* text : {"A100", "V100", "RTX 4090 D", "4090 48GB", "NVIDIA", "H100 NVL"}) {
    INFO(text);
    const json r = import(head + "Acme," + text + ",8,CNY,100\n");
    REQUIRE(r["ok"] == false);
    CHECK(r["errors"][0]["code"] == "unknown_gpu");
  }
  const json zh = import(head + "Acme,A100,8,CNY,100\n", "zh");
  CHECK(zh["errors"][0]["message"].get<std::string>().find("a100-40gb") != std::string::npos);
}
