// gpusizer: the command-line face of the core. Prints exactly what estimate_json returns.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "gpusizer/api.hpp"

namespace {

constexpr int kExitOk = 0, kExitUsage = 1, kExitNotOk = 2;

const char* kUsage =
    "usage: gpusizer estimate [FILE]   read a request (JSON) from FILE or standard input, print the response\n"
    "       gpusizer catalog           print the default catalog (GPUs, offers, model presets)\n"
    "       gpusizer claims [--lang zh] check the renters' guide's claims, each computed now\n"
    "       gpusizer --version\n"
    "exit status: 0 when the response is ok, 2 when it is not (the JSON is printed either way), 1 on usage errors\n";

// At most one byte more than the core reads: enough for it to refuse the request as too large,
// without holding a stream of any size in memory.
std::string read_capped(std::istream& in) {
  std::string text(gpusizer::max_request_bytes() + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
}

int estimate(const char* file) {
  std::string request;
  if (file && std::strcmp(file, "-") != 0) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      std::cout << gpusizer::error_json(gpusizer::Error(gpusizer::errc::io_error, "", std::string("cannot read ") + file))
                << "\n";
      return kExitNotOk;
    }
    request = read_capped(in);
  } else {
    request = read_capped(std::cin);
  }
  const std::string response = gpusizer::estimate_json(request);
  std::cout << response << "\n";
  // The contract puts "ok" first, so its value is known without parsing the response.
  return response.rfind("{\"ok\":true", 0) == 0 ? kExitOk : kExitNotOk;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (argc >= 2 && std::strcmp(argv[1], "estimate") == 0 && argc <= 3) return estimate(argc == 3 ? argv[2] : nullptr);
  if (argc == 2 && std::strcmp(argv[1], "catalog") == 0) {
    std::cout << gpusizer::catalog_json() << "\n";
    return kExitOk;
  }
  if (argc >= 2 && std::strcmp(argv[1], "claims") == 0) {
    const bool zh = argc == 4 && std::strcmp(argv[2], "--lang") == 0 && std::strcmp(argv[3], "zh") == 0;
    const bool en = argc == 2 || (argc == 4 && std::strcmp(argv[2], "--lang") == 0 && std::strcmp(argv[3], "en") == 0);
    if (zh || en) {
      std::cout << gpusizer::claims_json(zh ? "zh" : "en") << "\n";
      return kExitOk;
    }
  }
  if (argc == 2 && std::strcmp(argv[1], "--version") == 0) {
    std::cout << "gpusizer " << gpusizer::version() << "\n";
    return kExitOk;
  }
  if (argc == 2 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0)) {
    std::cout << kUsage;
    return kExitOk;
  }
  std::cerr << kUsage;
  return kExitUsage;
}
