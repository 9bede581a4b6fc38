// Catalog <-> JSON (internal to json_io).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "report/warning.hpp"

namespace gpusizer::jsonio {

// Applies a catalog document (schema of core/data) on top of `base`: GPUs and models are
// added or replaced by id; offers replace the base offers unless "includeDefaultOffers" is
// true; fx and catalogVersion replace. Errors carry paths under `path`.
Catalog merge_catalog(const Catalog& base, const nlohmann::json& document, const std::string& path,
                      std::vector<Warning>& warnings);

}  // namespace gpusizer::jsonio
