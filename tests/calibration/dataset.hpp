// The calibration datasets (steady_state.csv, whole_runs.csv) as typed rows, and the
// model's prediction for each (shared by the calibrate tool and the Catch2 tests).
#pragma once

#include <string>
#include <vector>

#include "training/calibration.hpp"
#include "catalog/catalog.hpp"
#include "model/model.hpp"
#include "training/parallelism.hpp"
#include "request.hpp"

namespace gpusizer::calibration {

struct SteadyRow {
  std::string id, framework, model, gpu, source;
  Model spec;
  TrainingSpec training;
  Parallelism par;
  int gpus = 0;
  double measured_tokens_per_s_per_gpu = 0;
};

struct RunRow {
  std::string model, gpu, source;
  Model spec;
  TrainingSpec training;
  int gpus = 0;
  bool count_known = false;
  int global_batch = 0;  // sequences per step where published, else the default rule
  double published_gpu_hours = 0;
};

std::vector<SteadyRow> load_steady(const std::string& path);
std::vector<RunRow> load_runs(const std::string& path);

// Predicted tokens/s/GPU of the row's own layout.
double predict_steady(const SteadyRow& row, const Calibration& cal);
// The planner's best layout on the row's GPUs: steady-state GPU-hours (0: does not fit) and
// the optimizer steps of the run.
struct RunSteady {
  double gpu_hours = 0;
  double steps = 0;
};
RunSteady predict_run_steady(const RunRow& row, const Calibration& cal);
// The whole run's GPU-hours: the steady state and what whole runs lose (training/run_model).
double predict_run_gpu_hours(const RunRow& row, const RunSteady& steady, const Calibration& cal);

}  // namespace gpusizer::calibration
