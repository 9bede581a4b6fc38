// The typed request: what json_io makes of the JSON the user sent.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "job/job.hpp"
#include "job/text_bytes.hpp"
#include "job/parallelism.hpp"
#include "model/model.hpp"
#include "rental/goal.hpp"
#include "training/run.hpp"
#include "diagnostics/messages.hpp"
#include "diagnostics/warning.hpp"

namespace gpusizer {

// How much of each option the response carries (request "response": {"options": ...}): all of
// it (v1), or what a first view shows, the rest one option at a time (option_detail_json).
enum class OptionsDetail { full, summary };

struct Request {
  Lang lang = Lang::en;  // language of messages and explanation steps
  Model model;
  TrainingSpec training;
  DataSpec data;    // the dataset on disk, the line it goes over, the checkpoints kept (data.*)
  std::string gpu;  // empty: no single-GPU estimate
  std::optional<int> count;
  std::optional<Parallelism> parallelism;   // the user's layout instead of the planner's
  std::optional<double> inter_node_gbps;    // GB/s per GPU between nodes, overrides the GPU default
  bool allow_non_cuda = false;              // AMD ROCm and Ascend CANN offers may be recommended
  Goal goal;
  std::optional<double> mfu;
  OptionsDetail options_detail = OptionsDetail::full;
  // A throughput measured in a trial (the renters' advice: a week by the hour, then months).
  using Measured = gpusizer::Measured;
  std::optional<Measured> measured;
  std::shared_ptr<const Catalog> catalog;
  std::vector<Warning> warnings;  // collected while reading the request
};

// The request as timing sees it (it must outlive the view).
inline RunInputs run_inputs(const Request& r) {
  return {r.lang, r.model, r.training, r.parallelism, r.inter_node_gbps, r.mfu, r.measured, *r.catalog};
}

}  // namespace gpusizer
