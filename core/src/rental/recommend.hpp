// Which offers satisfy what the user asked, and the one recommended among them, with the
// reason, the runner-up and the cheapest alternative outside the constraints (internal).
#pragma once

#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "diagnostics/messages.hpp"
#include "rental/goal.hpp"
#include "rental/option.hpp"

namespace gpusizer {

// What a recommendation must respect beside the goal (deadline, budget), as bits.
namespace constraint {
enum : unsigned {
  gpu = 1,         // the GPU the user chose (hardware.gpu)
  isolation = 2,   // private or physically isolated machines when the data is sensitive
  stack = 4,       // CUDA unless hardware.allowNonCuda (Ascend CANN and AMD ROCm are a port)
  confidence = 8,  // a price from a source the catalog does not mark low-confidence
  region = 16,     // machines in the place asked (goal.region): the offer's region lies in it
};
}  // namespace constraint

// What the user asked that a recommendation must respect, beside the options themselves.
struct Asked {
  Lang lang = Lang::en;
  const Catalog& catalog;
  const std::string& gpu;     // hardware.gpu; empty: any
  bool allow_non_cuda;        // hardware.allowNonCuda
  const Goal& goal;
  double assumed_days;        // the deadline the options were sized to (0: none)
  const std::string& currency;
};

// The software stack a GPU runs training on: "cuda", "rocm" or "cann".
const char* software_stack(const Gpu& gpu);

// Marks each option's `outside` constraints and exactly one recommended option when any is
// usable: the cheapest (with a budget and no deadline, the fastest within the budget) of those
// meeting every constraint; when none does, the closest (fewest constraints broken) with the
// constraints to relax said. Options must be compared first.
Recommendation recommend(const Asked& asked, std::vector<Option>& options, bool prefer_fastest);

}  // namespace gpusizer
