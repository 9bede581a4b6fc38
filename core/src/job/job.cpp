#include "job/job.hpp"

namespace gpusizer {

const char* mode_name(Mode m) {
  switch (m) {
    case Mode::pretrain: return "pretrain";
    case Mode::full_finetune: return "full-finetune";
    case Mode::lora: return "lora";
    case Mode::qlora: return "qlora";
  }
  return "pretrain";
}

const char* kernels_name(Kernels k) { return k == Kernels::eager ? "eager" : "fused"; }

const char* precision_name(Precision p) {
  switch (p) {
    case Precision::bf16: return "bf16";
    case Precision::fp16: return "fp16";
    case Precision::fp8: return "fp8";
  }
  return "bf16";
}

std::string lora_targets_name(unsigned targets) {
  if (targets == lora::kAllLinear) return "all-linear";
  if (targets == lora::kAttention) return "attention";
  static const char* const kNames[] = {"q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"};
  std::string out;
  for (int i = 0; i < 7; ++i)
    if (targets & (1u << i)) out += (out.empty() ? "" : ",") + std::string(kNames[i]);
  return out;
}

}  // namespace gpusizer
