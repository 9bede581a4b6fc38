#include "footprint/fit.hpp"

#include <vector>

namespace gpusizer {
namespace {

bool fits(const Model& m, const TrainingSpec& training, const Gpu& gpu, const Parallelism& par) {
  return memory_per_gpu(m, training, par).total_bytes() <= usable_memory_bytes(gpu.memory_gib);
}

std::vector<int> tp_degrees(const Model& m, int count, const Placement& placement) {
  std::vector<int> out;
  for (int tp = 1; tp <= count && tp <= placement.gpus_per_node; tp *= 2)
    if (count % tp == 0 && m.tensor_parallel_ok(tp)) out.push_back(tp);
  return out;
}

Parallelism make(int tp, int pp, int count, int zero, Recompute recompute) {
  Parallelism par;
  par.tp = tp;
  par.pp = pp;
  par.dp = count / (tp * pp);
  par.zero = par.dp > 1 ? zero : 0;
  par.recompute = recompute;
  par.sequence_parallel = tp > 1;
  return par;
}

}  // namespace

std::optional<int> min_gpus_to_fit(const Model& m, const TrainingSpec& training, const Gpu& gpu,
                                   const Placement& placement) {
  auto fits_on = [&](int count) {
    for (int tp : tp_degrees(m, count, placement))
      if (fits(m, training, gpu, make(tp, 1, count, 3, Recompute::full))) return true;
    return false;
  };
  const int node = placement.gpus_per_node;
  for (int count = 1; count <= node; ++count)
    if (fits_on(count)) return count;
  if (!placement.multi_node) return std::nullopt;
  // Whole nodes from here on: memory per GPU only falls as nodes are added, so bisect.
  long lo = 1, hi = 2;
  while (!fits_on(static_cast<int>(hi * node))) {
    if (hi * node >= kMaxGpus) return std::nullopt;
    lo = hi;
    hi *= 2;
  }
  while (hi - lo > 1) {
    const long mid = (lo + hi) / 2;
    (fits_on(static_cast<int>(mid * node)) ? hi : lo) = mid;
  }
  return static_cast<int>(hi * node);
}

}  // namespace gpusizer
