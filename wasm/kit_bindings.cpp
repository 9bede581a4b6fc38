// Embind bindings of the provider kit (a price list made into a catalog, a catalog checked on its
// own): the module of provider.html and of the calculator page's file input, loaded when a
// provider's file is read, so that the calculator's own module does not carry the kit.
#include <emscripten/bind.h>

#include <string>

#include "gpusizer/api.hpp"

EMSCRIPTEN_BINDINGS(gpusizer_kit) {
  emscripten::function("catalogFromCsv", &gpusizer::catalog_from_csv);
  emscripten::function("checkCatalog", &gpusizer::check_catalog);
}
