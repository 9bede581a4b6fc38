// The fewest GPUs on which a job fits in memory at all (the planner chooses the layout
// actually used; this answers "how small can it go").
#pragma once

#include <optional>

#include "catalog/catalog.hpp"
#include "footprint/memory.hpp"
#include "model/model.hpp"
#include "job/parallelism.hpp"
#include "job/job.hpp"

namespace gpusizer {

// Where the GPUs sit: how many share a machine (tensor parallelism stays inside one) and
// whether machines can be joined into one job at all.
struct Placement {
  int gpus_per_node = 8;
  bool multi_node = true;
};

// The largest job gpusizer plans: 2^20 GPUs, well beyond any cluster built so far.
inline constexpr int kMaxGpus = 1 << 20;

// The fewest GPUs of this type on which the job fits at all (ZeRO-3, full recomputation,
// the widest tensor parallelism the node allows), or nullopt when no count up to kMaxGpus does.
std::optional<int> min_gpus_to_fit(const Model& model, const TrainingSpec& training, const Gpu& gpu,
                                   const Placement& placement);

}  // namespace gpusizer
