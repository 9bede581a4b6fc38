#include "training/parallelism.hpp"

namespace gpusizer {

const char* recompute_name(Recompute r) {
  switch (r) {
    case Recompute::none: return "none";
    case Recompute::selective: return "selective";
    case Recompute::full: return "full";
  }
  return "none";
}

}  // namespace gpusizer
