// Embind bindings of the calculator: the boundary functions of core/include/gpusizer/api.hpp the
// page's estimates need, nothing else (the provider kit's are in kit_bindings.cpp, its own module).
#include <emscripten/bind.h>

#include <string>

#include "gpusizer/api.hpp"

namespace {
std::string version_string() { return gpusizer::version(); }
}  // namespace

EMSCRIPTEN_BINDINGS(gpusizer) {
  emscripten::function("estimate", &gpusizer::estimate_json);
  emscripten::function("optionDetail", &gpusizer::option_detail_json);
  emscripten::function("catalog", &gpusizer::catalog_json);
  emscripten::function("claims", &gpusizer::claims_json);
  emscripten::function("version", &version_string);
}
