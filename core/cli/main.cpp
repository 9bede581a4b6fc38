// gpusizer: the command-line face of the core. Prints exactly what estimate_json returns; the
// catalog commands print what catalog_from_csv and check_catalog return (import: the catalog
// alone on success, for `> catalog.json`).
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "gpusizer/api.hpp"

namespace {

constexpr int kExitOk = 0, kExitUsage = 1, kExitNotOk = 2;

const char* kUsage =
    "usage: gpusizer estimate [FILE]   read a request (JSON) from FILE or standard input, print the response\n"
    "       gpusizer estimate --option OFFER_ID [FILE]\n"
    "                                  print that one option of the estimate in full (what a summary response,\n"
    "                                  \"response\": {\"options\": \"summary\"}, leaves out)\n"
    "       gpusizer catalog           print the default catalog (GPUs, offers, model presets)\n"
    "       gpusizer catalog import FILE [--lang zh]\n"
    "                                  read a price list (CSV, one offer per row) from FILE or - (standard\n"
    "                                  input) and print it as a catalog; warnings go to standard error\n"
    "       gpusizer catalog check FILE [--lang zh]\n"
    "                                  check a provider catalog (JSON) as a request's catalog is checked\n"
    "       gpusizer claims [--lang zh] check the renters' guide's claims, each computed now\n"
    "       gpusizer --version\n"
    "exit status: 0 when the response is ok, 2 when it is not (the JSON is printed either way), 1 on usage errors\n";

// At most one byte more than the core reads: enough for it to refuse the input as too large,
// without holding a stream of any size in memory.
std::string read_capped(std::istream& in) {
  std::string text(gpusizer::max_request_bytes() + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
}

// The text of FILE, or of standard input for none or "-" (at most one byte past the limit);
// false (after printing io_error) when the file cannot be read.
bool read_input(const char* file, std::string& text) {
  if (file && std::strcmp(file, "-") != 0) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      std::cout << gpusizer::error_json(gpusizer::Error(gpusizer::errc::io_error, "", std::string("cannot read ") + file))
                << "\n";
      return false;
    }
    text = read_capped(in);
  } else {
    text = read_capped(std::cin);
  }
  return true;
}

bool is_ok(const std::string& response) { return response.rfind("{\"ok\":true", 0) == 0; }

int estimate(const char* file, const char* offer_id) {
  std::string request;
  if (!read_input(file, request)) return kExitNotOk;
  const std::string response =
      offer_id ? gpusizer::option_detail_json(request, offer_id) : gpusizer::estimate_json(request);
  std::cout << response << "\n";
  // The contract puts "ok" first, so its value is known without parsing the response.
  return is_ok(response) ? kExitOk : kExitNotOk;
}

// A price list in, the catalog out (two-space indented, the layout of core/data); on bad rows the
// error JSON (without the table the price list was read into) and exit status 2.
int catalog_import(const char* file, const char* lang) {
  std::string csv;
  if (!read_input(file, csv)) return kExitNotOk;
  const std::string response = gpusizer::catalog_from_csv(csv, lang);
  auto doc = nlohmann::ordered_json::parse(response, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) {
    std::cout << response << "\n";
    return kExitNotOk;
  }
  if (doc.contains("warnings"))
    for (const auto& w : doc["warnings"])
      std::cerr << "gpusizer: warning: " << w.value("path", "") << ": " << w.value("message", "") << "\n";
  const auto dump = [](const nlohmann::ordered_json& j, int indent) {
    return j.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
  };
  if (doc.value("ok", false) && doc.contains("catalog")) {
    std::cout << dump(doc["catalog"], 2) << "\n";
    return kExitOk;
  }
  doc.erase("table");
  doc.erase("warnings");
  std::cout << dump(doc, -1) << "\n";
  return kExitNotOk;
}

int catalog_check(const char* file, const char* lang) {
  std::string catalog;
  if (!read_input(file, catalog)) return kExitNotOk;
  const std::string response = gpusizer::check_catalog(catalog, lang);
  std::cout << response << "\n";
  return is_ok(response) ? kExitOk : kExitNotOk;
}

// "--lang zh" or "--lang en" at argv[at], or nothing there: the language; null otherwise.
const char* lang_option(int argc, char** argv, int at) {
  if (argc == at) return "en";
  if (argc == at + 2 && std::strcmp(argv[at], "--lang") == 0) {
    if (std::strcmp(argv[at + 1], "zh") == 0) return "zh";
    if (std::strcmp(argv[at + 1], "en") == 0) return "en";
  }
  return nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (argc >= 2 && std::strcmp(argv[1], "estimate") == 0) {
    if (argc <= 3) return estimate(argc == 3 ? argv[2] : nullptr, nullptr);
    if (std::strcmp(argv[2], "--option") == 0 && argc <= 5) return estimate(argc == 5 ? argv[4] : nullptr, argv[3]);
  }
  if (argc == 2 && std::strcmp(argv[1], "catalog") == 0) {
    std::cout << gpusizer::catalog_json() << "\n";
    return kExitOk;
  }
  if (argc >= 4 && std::strcmp(argv[1], "catalog") == 0) {
    if (const char* lang = lang_option(argc, argv, 4)) {
      if (std::strcmp(argv[2], "import") == 0) return catalog_import(argv[3], lang);
      if (std::strcmp(argv[2], "check") == 0) return catalog_check(argv[3], lang);
    }
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
