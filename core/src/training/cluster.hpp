// The machines a job runs on: a GPU type, how many share a node, and the links between them.
#pragma once

#include "catalog/catalog.hpp"

namespace gpusizer {

struct Cluster {
  const Gpu* gpu = nullptr;
  Precision precision = Precision::bf16;
  int gpus_per_node = 8;           // GPUs joined by the intra-node link
  std::string intra_node_kind;     // nvlink | pcie | xgmi | hccs
  double intra_node_gbps = 0;      // GB/s per GPU, both directions together (vendor convention)
  double inter_node_gbps = 0;      // GB/s per GPU, one direction; 0: nodes cannot be joined
  bool multi_node() const { return inter_node_gbps > 0; }
};

// The GPU in its usual machine with its usual network (catalog defaults).
Cluster default_cluster(const Gpu& gpu, Precision precision);

}  // namespace gpusizer
