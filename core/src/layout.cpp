#include "gpusizer/layout.hpp"

#include <vector>

namespace gpusizer {
namespace {

bool valid_tp(const ModelSpec& m, int tp) {
  if (m.heads % tp != 0) return false;
  return m.kv_heads == 0 || m.kv_heads % tp == 0 || tp % m.kv_heads == 0;
}

Layout evaluate(const ModelSpec& m, const TrainingSpec& training, const Gpu& gpu, const Parallelism& par) {
  Layout layout{par, memory_per_gpu(m, training, par), false};
  layout.fits = layout.memory.total_bytes() <= usable_memory_bytes(gpu.memory_gib);
  return layout;
}

std::vector<int> tp_degrees(const ModelSpec& m, int count, const Placement& placement) {
  std::vector<int> out;
  for (int tp = 1; tp <= count && tp <= placement.gpus_per_node; tp *= 2)
    if (count % tp == 0 && valid_tp(m, tp)) out.push_back(tp);
  return out;
}

std::vector<int> pp_degrees(const ModelSpec& m, int count, int tp, const Placement& placement) {
  std::vector<int> out;
  for (int pp = 1; pp <= m.layers && tp * pp <= count; ++pp) {
    if ((count / tp) % pp != 0 || (count % (tp * pp)) != 0) continue;
    if (m.layers % pp != 0) continue;
    if (pp > 1 && !placement.multi_node && tp * pp > placement.gpus_per_node) continue;
    out.push_back(pp);
  }
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

Layout choose_layout(const ModelSpec& m, const TrainingSpec& training, const Gpu& gpu, int count,
                     const Placement& placement) {
  const Recompute recomputes[] = {Recompute::none, Recompute::selective, Recompute::full};
  Layout least;
  bool have_least = false;
  for (Recompute recompute : recomputes) {
    if (recompute == Recompute::selective && training.flash_attention) continue;  // same as none then
    for (int tp : tp_degrees(m, count, placement)) {
      for (int pp : pp_degrees(m, count, tp, placement)) {
        for (int zero : {1, 3}) {
          Layout layout = evaluate(m, training, gpu, make(tp, pp, count, zero, recompute));
          if (layout.fits) return layout;
          if (!have_least || layout.memory.total_bytes() < least.memory.total_bytes()) {
            least = layout;
            have_least = true;
          }
        }
      }
    }
  }
  return least;
}

std::optional<int> min_gpus_to_fit(const ModelSpec& m, const TrainingSpec& training, const Gpu& gpu,
                                   const Placement& placement) {
  auto fits_on = [&](int count) {
    for (int tp : tp_degrees(m, count, placement))
      if (evaluate(m, training, gpu, make(tp, 1, count, 3, Recompute::full)).fits) return true;
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
