// The catalog compiled in from core/data/*.json, parsed once, and the same as one JSON document.
#pragma once

#include <memory>
#include <string>

#include "catalog/catalog.hpp"

namespace gpusizer {

// The compiled-in catalog, parsed once.
std::shared_ptr<const Catalog> default_catalog();
// The compiled-in catalog as one JSON document (what `gpusizer catalog` prints), with the
// request vocabulary (enums and defaults) under "contract".
std::string default_catalog_json();

}  // namespace gpusizer
