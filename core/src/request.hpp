// The typed request: what json_io makes of the JSON the user sent.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "model/model.hpp"
#include "training/parallelism.hpp"
#include "report/messages.hpp"
#include "report/warning.hpp"

namespace gpusizer {

enum class Mode { pretrain, full_finetune, lora, qlora };
const char* mode_name(Mode m);
const char* precision_name(Precision p);

struct TrainingSpec {
  Mode mode = Mode::pretrain;
  double tokens = 0;  // per epoch
  double epochs = 1;
  int seq_len = 0;
  Precision precision = Precision::bf16;
  bool flash_attention = true;
  int lora_rank = 16;

  double tokens_total() const { return tokens * epochs; }
  bool is_adapter() const { return mode == Mode::lora || mode == Mode::qlora; }
};

struct Goal {
  std::optional<double> days;
  std::optional<double> budget;
  std::string currency = "CNY";
  std::optional<double> usd_cny;  // overrides the catalog's dated rate
  bool sensitive_data = false;    // point to physically isolated local data-centre offers
  std::string as_of;              // "YYYY-MM-DD": today, for the age of prices (default: catalog date)
};

struct Request {
  Lang lang = Lang::en;  // language of messages and explanation steps
  Model model;
  TrainingSpec training;
  std::string gpu;  // empty: no single-GPU estimate
  std::optional<int> count;
  std::optional<Parallelism> parallelism;   // the user's layout instead of the planner's
  std::optional<double> inter_node_gbps;    // GB/s per GPU between nodes, overrides the GPU default
  Goal goal;
  std::optional<double> mfu;
  std::shared_ptr<const Catalog> catalog;
  std::vector<Warning> warnings;  // collected while reading the request
};

}  // namespace gpusizer
