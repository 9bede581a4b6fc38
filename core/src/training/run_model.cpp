#include "training/run_model.hpp"

namespace gpusizer {

double run_overhead_factor(int gpus, const Calibration& c) {
  const double thousands = gpus / 1000.0;
  return 1.0 + c.run_overhead_fixed + c.run_overhead_per_1k_gpus * thousands +
         c.run_overhead_small_scale / (1.0 + thousands);
}

}  // namespace gpusizer
