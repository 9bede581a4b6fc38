// Which offers satisfy what the user asked, and the one recommended among them, with the
// reason, the runner-up and the cheapest alternative outside the constraints (internal).
#pragma once

#include "request.hpp"
#include "result.hpp"

namespace gpusizer {

// What a recommendation must respect beside the goal (deadline, budget), as bits.
namespace constraint {
enum : unsigned {
  gpu = 1,         // the GPU the user chose (hardware.gpu)
  isolation = 2,   // private or physically isolated machines when the data is sensitive
  stack = 4,       // CUDA unless hardware.allowNonCuda (Ascend CANN and AMD ROCm are a port)
  confidence = 8,  // a price from a source the catalog does not mark low-confidence
};
}  // namespace constraint

// The software stack a GPU runs training on: "cuda", "rocm" or "cann".
const char* software_stack(const Gpu& gpu);

// Marks each option's `outside` constraints and exactly one recommended option when any is
// usable: the cheapest (with a budget and no deadline, the fastest within the budget) of those
// meeting every constraint; when none does, the closest (fewest constraints broken) with the
// constraints to relax said. Fills result.recommendation. Options must be compared first.
void recommend(const Request& request, Result& result, bool prefer_fastest);

}  // namespace gpusizer
