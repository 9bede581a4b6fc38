// Catalog JSON -> typed Catalog (internal to contract/).
#pragma once

#include <string>

#include "catalog/catalog.hpp"
#include "contract/json_read.hpp"

namespace gpusizer::jsonio {

// Applies a catalog document (schema of core/data) on top of `base`: GPUs and models are
// added or replaced by id; offers replace the base offers unless "includeDefaultOffers" is
// true; fx and catalogVersion replace. Errors carry paths under `path`; unknown keys warn.
Catalog merge_catalog(const Catalog& base, const Value& document, const std::string& path, Reader& reader);

// One offer read exactly as merge_catalog reads each of a document's offers (its GPU looked up
// in `catalog`), with paths under `path`; ids are not checked against other offers here.
Offer read_offer(const Catalog& catalog, const Value& offer, const std::string& path, Reader& reader);

}  // namespace gpusizer::jsonio
