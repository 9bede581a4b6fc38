// Golden request/response pairs: the response must match byte for byte (the wasm module is
// held to the same files by tests/wasm/golden.test.mjs). GPUSIZER_UPDATE_GOLDEN=1 rewrites
// them; review the diff before committing.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpusizer/api.hpp"

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> requests() {
  std::vector<std::string> names;
  if (DIR* dir = opendir(GPUSIZER_GOLDEN_DIR)) {
    while (dirent* e = readdir(dir)) {
      const std::string name = e->d_name;
      const std::string suffix = ".request.json";
      if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
        names.push_back(name.substr(0, name.size() - suffix.size()));
    }
    closedir(dir);
  }
  return names;
}

}  // namespace

TEST_CASE("golden responses match byte for byte", "[golden]") {
  const std::string dir = GPUSIZER_GOLDEN_DIR;
  const bool update = std::getenv("GPUSIZER_UPDATE_GOLDEN") != nullptr;
  const auto names = requests();
  REQUIRE(names.size() >= 8);
  for (const std::string& name : names) {
    INFO(name);
    const std::string actual = gpusizer::estimate_json(read_file(dir + "/" + name + ".request.json")) + "\n";
    const std::string path = dir + "/" + name + ".response.json";
    if (update) std::ofstream(path, std::ios::binary) << actual;
    CHECK(actual == read_file(path));
  }
}

TEST_CASE("a summary response and each option's detail agree with the full response", "[golden]") {
  using nlohmann::json;
  const std::string dir = GPUSIZER_GOLDEN_DIR;
  int compared = 0;
  for (const std::string& name : requests()) {
    INFO(name);
    const std::string text = read_file(dir + "/" + name + ".request.json");
    const json full = json::parse(gpusizer::estimate_json(text));
    if (!full.value("ok", false)) continue;
    json request = json::parse(text);
    request["response"] = {{"options", "summary"}};
    const json summary = json::parse(gpusizer::estimate_json(request.dump()));
    REQUIRE(summary.value("ok", false));
    CHECK(summary["response"]["options"] == "summary");
    // Everything but the options is the same; each summary option is its full option less
    // the detail, in the same order.
    json a = full["result"], b = summary["result"];
    a.erase("options");
    b.erase("options");
    CHECK(a == b);
    CHECK(full["warnings"] == summary["warnings"]);
    const json& options = full["result"]["options"];
    REQUIRE(options.size() == summary["result"]["options"].size());
    for (std::size_t i = 0; i < options.size(); ++i) {
      const json& brief = summary["result"]["options"][i];
      CHECK(brief["offerId"] == options[i]["offerId"]);
      for (auto it = brief.begin(); it != brief.end(); ++it) {
        INFO(it.key());
        if (it.key() == "cost") {
          for (auto c = it->begin(); c != it->end(); ++c) CHECK(*c == options[i]["cost"][c.key()]);
        } else {
          CHECK(*it == options[i][it.key()]);
        }
      }
      for (const char* dropped : {"parallelism", "unitPrices", "interconnect", "source", "mfu"}) CHECK(!brief.contains(dropped));
      if (brief.contains("cost")) CHECK(!brief["cost"].contains("billing"));
    }
    // The detail, asked with the summary request (kept: no second estimate) and with the full
    // one (estimated again), is the full option.
    for (const json& o : options) {
      const std::string id = o["offerId"];
      const json detail = json::parse(gpusizer::option_detail_json(request.dump(), id));
      REQUIRE(detail.value("ok", false));
      CHECK(detail["option"] == o);
    }
    const json again = json::parse(gpusizer::option_detail_json(text, options.back()["offerId"]));
    CHECK(again["option"] == options.back());
    const json unknown = json::parse(gpusizer::option_detail_json(text, "no-such-offer"));
    CHECK(unknown["ok"] == false);
    CHECK(unknown["error"]["code"] == "unknown_offer");
    CHECK(unknown["error"]["path"] == "/offerId");
    ++compared;
  }
  CHECK(compared >= 8);
}
