#include "footprint/compute.hpp"

#include "footprint/memory.hpp"

namespace gpusizer {

ComputeEstimate estimate_compute(const Model& model, const TrainingSpec& training) {
  ComputeEstimate c;
  c.tokens_total = training.tokens_total();
  c.trainable_params = trainable_params(model, training);
  const double p = model.active_params;
  c.flops_6pd = 6.0 * p * c.tokens_total;

  double matmul_params = p;
  double attention = 0;
  if (model.architecture_known) {
    if (!model.tied_embeddings) matmul_params -= static_cast<double>(model.vocab) * model.hidden;
    attention = 12.0 * model.layers * model.heads * model.head_width() * training.seq_len;
  }
  if (training.is_adapter()) {
    c.flops_per_token = 4.0 * matmul_params + 6.0 * c.trainable_params + attention;
    c.method = model.architecture_known ? "4N+6Nlora+12LHQT" : "4N+6Nlora";
  } else {
    c.flops_per_token = 6.0 * matmul_params + attention;
    c.method = model.architecture_known ? "6N+12LHQT" : "6PD";
  }
  c.flops_total = c.flops_per_token * c.tokens_total;
  return c;
}

}  // namespace gpusizer
