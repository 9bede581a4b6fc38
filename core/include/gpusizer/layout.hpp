// Choosing how to lay a job out over a number of GPUs so that it fits in memory.
#pragma once

#include <optional>

#include "gpusizer/catalog.hpp"
#include "gpusizer/memory.hpp"
#include "gpusizer/model.hpp"
#include "gpusizer/parallelism.hpp"
#include "gpusizer/request.hpp"

namespace gpusizer {

// Where the GPUs sit: how many share a machine (tensor parallelism stays inside one) and
// whether machines can be joined into one job at all.
struct Placement {
  int gpus_per_node = 8;
  bool multi_node = true;
};

struct Layout {
  Parallelism par;
  MemoryBreakdown memory;
  bool fits = false;
};

inline constexpr int kMaxGpus = 1 << 20;

// A layout for exactly `count` GPUs that fits, preferring the ones that cost least speed
// (no recomputation, ZeRO-1, small tensor and pipeline degrees); if none fits, the layout
// that needs the least memory, with fits == false.
Layout choose_layout(const ModelSpec& model, const TrainingSpec& training, const Gpu& gpu, int count,
                     const Placement& placement);

// The fewest GPUs of this type on which the job fits at all (ZeRO-3, full recomputation,
// the widest tensor parallelism the node allows), or nullopt when no count up to kMaxGpus does.
std::optional<int> min_gpus_to_fit(const ModelSpec& model, const TrainingSpec& training, const Gpu& gpu,
                                   const Placement& placement);

}  // namespace gpusizer
