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
