#include "training/cluster.hpp"

namespace gpusizer {

Cluster default_cluster(const Gpu& gpu, Precision precision) {
  Cluster c;
  c.gpu = &gpu;
  c.precision = precision;
  c.gpus_per_node = gpu.gpus_per_node;
  c.intra_node_kind = gpu.intra_node_kind;
  c.intra_node_gbps = gpu.intra_node_gbps;
  c.inter_node_gbps = gpu.inter_node_gbps_per_gpu;
  return c;
}

}  // namespace gpusizer
