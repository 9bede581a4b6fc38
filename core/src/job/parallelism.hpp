// How a job is laid out over GPUs (Megatron-LM / DeepSpeed vocabulary).
#pragma once

#include <optional>
#include <string>

#include "model/model.hpp"
#include "diagnostics/messages.hpp"

namespace gpusizer {

enum class Recompute { none, selective, full };
const char* recompute_name(Recompute r);

struct Parallelism {
  int tp = 1;               // tensor parallel, inside a node
  int pp = 1;               // pipeline stages
  int dp = 1;               // data-parallel replicas
  int micro_batch = 1;      // sequences per micro-batch
  int global_batch = 0;     // sequences per optimizer step (0: not chosen)
  int interleave = 1;       // virtual pipeline stages per GPU
  Recompute recompute = Recompute::none;
  bool sequence_parallel = false;
  int zero = 0;             // ZeRO stage 0-3 over the data-parallel group (3 = FSDP full shard)
  int ep = 1;               // expert parallel (MoE): experts split over ep data-parallel ranks

  int gpus() const { return tp * pp * dp; }
};

// The rules a layout must satisfy for a model (on `count` GPUs when given): tp divides the
// heads and key/value groups, tp x pp x dp = count, pp up to the layers, interleaving with a
// layer per chunk, ep for MoE dividing the experts and tp x dp, a global batch in whole
// micro-batches. Throws gpusizer::Error naming the field under `path`. The planner only builds
// layouts that pass; a user's layout is checked here when it is read.
void check_layout(const Model& model, const Parallelism& par, std::optional<int> count, Lang lang,
                  const std::string& path);

}  // namespace gpusizer
