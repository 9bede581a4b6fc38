// Training FLOPs.
#pragma once

#include <string>

#include "model/model.hpp"
#include "job/job.hpp"

namespace gpusizer {

struct ComputeEstimate {
  double tokens_total = 0;
  double trainable_params = 0;
  double flops_per_token = 0;
  double flops_total = 0;
  double flops_6pd = 0;  // the simple rule, always reported for comparison
  // Which formula flops_total used: "6PD", "6N+12LHQT", "4N+6Nlora", "4N+6Nlora+12LHQT".
  std::string method;
};

// 6PD (Kaplan et al. 2020): forward 2 FLOPs per parameter per token, backward 4, with P the
// active parameters. When the shape is known, PaLM's model FLOPs (Chowdhery et al. 2022,
// appendix B): 6N + 12 L H Q T per token, N the matmul parameters (the input-embedding lookup
// does no matmul), H Q = heads x head size, T the sequence length. LoRA/QLoRA skip the weight
// gradients of the frozen base: 4N + 6 N_lora.
ComputeEstimate estimate_compute(const Model& model, const TrainingSpec& training);

}  // namespace gpusizer
