#include "catalog/catalog.hpp"

namespace gpusizer {

const char* period_name(Period p) {
  switch (p) {
    case Period::hour: return "hour";
    case Period::day: return "day";
    case Period::month: return "month";
    case Period::year: return "year";
    case Period::setup: return "setup";
  }
  return "hour";
}

const Gpu* Catalog::find_gpu(const std::string& id) const {
  for (const Gpu& g : gpus)
    if (g.id == id) return &g;
  return nullptr;
}

const Model* Catalog::find_model(const std::string& id) const {
  for (const Model& m : models)
    if (m.id == id) return &m;
  return nullptr;
}

}  // namespace gpusizer
