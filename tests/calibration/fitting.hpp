// The search behind `gpusizer-calibrate --fit` (and the fine-tuning checks of the tests).
#pragma once

#include <algorithm>
#include <functional>
#include <vector>

namespace gpusizer::calibration {

inline double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

inline double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const double pos = q * (v.size() - 1);
  const std::size_t i = static_cast<std::size_t>(pos);
  const double f = pos - i;
  return i + 1 < v.size() ? v[i] * (1 - f) + v[i + 1] * f : v[i];
}


struct Param {
  double* value;
  double lo, hi;  // physical bounds: an efficiency above 1 would fit noise, not hardware
};

// Coordinate descent on multiplicative steps within bounds: derivative-free, few parameters.
inline void fit(const std::vector<Param>& params, const std::function<double()>& loss, int rounds) {
  for (const Param& p : params) *p.value = std::clamp(*p.value, p.lo, p.hi);
  double best = loss();
  double step = 0.2;
  for (int round = 0; round < rounds && step > 0.002; ++round) {
    bool improved = false;
    for (const Param& p : params) {
      for (double factor : {1 + step, 1 / (1 + step)}) {
        const double old = *p.value;
        *p.value = std::clamp(old * factor, p.lo, p.hi);
        const double l = loss();
        if (l < best) {
          best = l;
          improved = true;
        } else {
          *p.value = old;
        }
      }
    }
    if (!improved) step /= 2;
  }
}

}  // namespace gpusizer::calibration
