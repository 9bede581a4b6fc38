// Property test: generated requests (tests/property/generator.hpp, seeded), every response
// checked against the rules of docs/hardening.md (tests/property/rules.hpp). The wasm module
// runs the same requests (tests/wasm/properties.test.mjs). GPUSIZER_PROPERTY_COUNT and
// GPUSIZER_PROPERTY_SEED change how many and which (scripts/test.sh --extended checks more).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

#include "../property/generator.hpp"
#include "../property/rules.hpp"
#include "gpusizer/api.hpp"

using gpusizer::property::RequestGenerator;
using nlohmann::json;

namespace {

long env_or(const char* name, long fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtol(v, nullptr, 10) : fallback;
}

}  // namespace

TEST_CASE("the native generator makes the requests the wasm test makes", "[property]") {
  std::ifstream in(GPUSIZER_PROPERTY_DIR "/requests-seed-1.json");
  std::stringstream text;
  text << in.rdbuf();
  const json pinned = json::parse(text.str());
  REQUIRE(pinned.size() >= 10);
  RequestGenerator generate(1);
  for (std::size_t i = 0; i < pinned.size(); ++i) {
    INFO("request " << i);
    CHECK(generate.request() == pinned[i]);
  }
}

TEST_CASE("every generated request is answered within the rules", "[property]") {
  const long count = env_or("GPUSIZER_PROPERTY_COUNT", 200);
  const auto seed = static_cast<std::uint32_t>(env_or("GPUSIZER_PROPERTY_SEED", 1));
  RequestGenerator generate(seed);
  long answered = 0, refused = 0, broken_count = 0;
  for (long i = 0; i < count; ++i) {
    const std::string request = generate.request().dump();
    const std::string response = gpusizer::estimate_json(request);
    const auto broken = gpusizer::property::violations(response);
    INFO("request " << i << " (seed " << seed << "): " << request);
    for (const std::string& b : broken) FAIL_CHECK(b);
    broken_count += broken.empty() ? 0 : 1;
    (json::parse(response)["ok"] == true ? answered : refused) += 1;
  }
  std::cout << "property test (native): checked " << count << " generated requests, seed " << seed << ": " << answered
            << " answered, " << refused << " refused, " << broken_count << " outside the rules\n";
  CHECK(answered > count / 3);  // the generator mostly makes requests that can be answered
}
