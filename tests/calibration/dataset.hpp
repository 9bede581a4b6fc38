// The calibration datasets (steady_state.csv, whole_runs.csv, finetune_steady.csv,
// finetune_runs.csv) as typed rows, and the model's prediction for each (shared by the
// calibrate tool and the Catch2 tests).
//
// Every row is turned into the JSON request a user would send (model fields, training,
// hardware with its parallel layout) and read by gpusizer::parse_request, so the model, the
// training, the layout and the cluster a prediction uses are the ones the contract produces:
// whatever a row needs and the contract cannot say shows up here as an error, not as a
// calibration-only path.
#pragma once

#include <string>
#include <vector>

#include "training/calibration.hpp"
#include "catalog/catalog.hpp"
#include "model/model.hpp"
#include "training/cluster.hpp"
#include "job/parallelism.hpp"
#include "estimate/request.hpp"

namespace gpusizer::calibration {

struct SteadyRow {
  std::string id, framework, model, gpu, source;
  std::string confidence, origin;  // finetune_steady.csv: the research's confidence; where the row came from
  std::string request_json;        // the row as a request (parse_request made `request` of it)
  Request request;
  Cluster cluster;                 // the GPU's usual machine, as an estimate builds it
  Model spec;                      // request.model
  TrainingSpec training;           // request.training
  Parallelism par;                 // *request.parallelism
  int gpus = 0;                    // *request.count
  double measured_tokens_per_s_per_gpu = 0;
};

struct RunRow {
  std::string model, gpu, source;
  // The paper or organization the run comes from (whole_runs.csv: source_group): runs of one
  // source share their hardware, software and reporting habits, so accuracy is measured with
  // each source left out whole.
  std::string group, organization, framework, year, confidence;
  std::string request_json;
  Request request;
  Cluster cluster;
  Model spec;
  TrainingSpec training;
  int gpus = 0;
  bool count_known = false;
  bool fit = true;  // false: reported, never fitted on (an assumed GPU count, or low confidence)
  // Sequences per step where published, else the default rule. The contract sets a global
  // batch only inside a fixed layout (hardware.parallelism), so for a planned run it is
  // passed to the planner beside the request.
  int global_batch = 0;
  double published_gpu_hours = 0;
};

// A published fine-tuning run, described as people know it: examples of an average length,
// packed or padded, for some epochs (training.examples / tokensPerExample / packing).
struct FinetuneRunRow {
  std::string id, model, gpu, source;
  std::string group, framework, year;  // source_group (as for whole runs), the stack and its year
  std::string request_json;
  Request request;
  Cluster cluster;
  Model spec;
  TrainingSpec training;
  int gpus = 0;
  double published_wall_hours = 0;
  // false: reported, never fitted on (the row's notes say why: a wall time that includes
  // evaluation passes and checkpoints the run's settings do not give).
  bool fit = true;
};

std::vector<SteadyRow> load_steady(const std::string& path);
std::vector<RunRow> load_runs(const std::string& path);
std::vector<FinetuneRunRow> load_finetune_runs(const std::string& path);
// A fine-tuning run as a whole run: its published GPU-hours are the wall hours x GPUs.
RunRow as_run(const FinetuneRunRow& row);

// Predicted tokens/s/GPU of the row's own layout.
double predict_steady(const SteadyRow& row, const Calibration& cal);
// The planner's best layout on the row's GPUs: steady-state GPU-hours (0: does not fit) and
// the optimizer steps of the run.
struct RunSteady {
  double gpu_hours = 0;       // steady-state hours x the run's GPUs (all of them are paid for)
  double steps = 0;
  int gpus_used = 0;          // the planner may leave some idle, as it does for a user
};
RunSteady predict_run_steady(const RunRow& row, const Calibration& cal);
// The whole run's GPU-hours: the steady state and what whole runs lose (training/run_model).
double predict_run_gpu_hours(const RunRow& row, const RunSteady& steady, const Calibration& cal);
// Steady-state wall hours of the planner's best layout on the run's GPUs (no run overheads;
// 0 when nothing fits).
double predict_finetune_run_steady_hours(const FinetuneRunRow& row, const Calibration& cal);

}  // namespace gpusizer::calibration
