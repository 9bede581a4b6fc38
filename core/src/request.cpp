#include "request.hpp"

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

const char* precision_name(Precision p) {
  switch (p) {
    case Precision::bf16: return "bf16";
    case Precision::fp16: return "fp16";
    case Precision::fp8: return "fp8";
  }
  return "bf16";
}

}  // namespace gpusizer
