// The default catalog files, embedded at build time by cmake/embed_json.cmake (internal).
#pragma once

namespace gpusizer::data {
extern const char kGpusJson[];
extern const char kOffersJson[];
extern const char kModelsJson[];
}  // namespace gpusizer::data
