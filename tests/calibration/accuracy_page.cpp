#include "accuracy_page.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "fitting.hpp"
#include "footprint/memory.hpp"
#include "plot.hpp"

namespace gpusizer::calibration {
namespace {

std::string f(const char* format, double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, x);
  return buf;
}
std::string pct(double x) { return f("%.1f %%", x); }
std::string times(double x) { return f("%.2fx", x); }
std::string count(std::size_t n) { return std::to_string(n); }

// 1234567 -> "1,234,567"; below 10, three significant digits.
std::string grouped(double x) {
  if (x < 10) return f("%.3g", x);
  std::string digits = f("%.0f", x), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

bool write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) std::fprintf(stderr, "gpusizer-calibrate: cannot write %s\n", path.c_str());
  return static_cast<bool>(out);
}

struct KindFigures {
  RangeKind kind;
  std::size_t fitted = 0, published = 0, sources_fitted = 0, sources_published = 0;
  Summary source, run, every;
  Range range;
  double range_share = kCoverage;  // the central share of the residuals it spans
  double range_held = 0;  // of the runs the range is built from, judged by the other sources' range
};

KindFigures figures_of(const AccuracyInputs& in, RangeKind k) {
  KindFigures out;
  out.kind = k;
  auto fitted = [k](const RunCase& c) { return fit_on(c) && range_kind_of(c) == k; };
  auto every = [k](const RunCase& c) { return range_kind_of(c) == k; };
  std::set<std::string> sf, sp;
  for (const RunCase& c : in.runs) {
    if (fitted(c)) sf.insert(c.row->group);
    if (every(c)) sp.insert(c.row->group);
  }
  out.sources_fitted = sf.size();
  out.sources_published = sp.size();
  const auto held = pick(in.runs, in.by_source.model, fitted);
  const auto all = pick(in.runs, in.by_source.model, every);
  out.fitted = held.size();
  out.published = all.size();
  const auto cov = pick(in.runs, in.by_source.covered, fitted);
  const auto cov_run = pick(in.runs, in.by_run.covered, fitted);
  const auto cov_all = pick(in.runs, in.by_source.covered, every);
  out.source = summarize_runs(held, &cov);
  out.run = summarize_runs(pick(in.runs, in.by_run.model, fitted), &cov_run);
  out.every = summarize_runs(all, &cov_all);
  // Pre-training states the range of the runs fitted on; fine-tuning, of every published run.
  const bool pre = k == RangeKind::pretraining;
  out.range_share = in.by_source.share[static_cast<int>(k)];
  out.range = range_of(pre ? held : all, out.range_share);
  out.range_held = 100 * in.by_source.held[static_cast<int>(k)];
  return out;
}

// Does a feature of the job predict what published pre-training runs lose against the tuned
// layout? y = log(published / predicted with no gap), fitted as a + b x on the other sources'
// runs by least squares and scored on each source left out, against the other sources' median.
struct FeatureTest {
  std::string name;
  std::size_t runs = 0;
  double with_feature_pct = 0, constant_pct = 0;
};

std::vector<FeatureTest> feature_tests(const AccuracyInputs& in) {
  Calibration no_gap = in.calibration;
  no_gap.run_gap = 1;
  struct Row {
    std::string group;
    double y;
    const RunCase* c;
  };
  std::vector<Row> rows;
  for (const RunCase& c : in.runs)
    if (fit_on(c) && pretraining(c)) rows.push_back({c.row->group, -log_ratio(c, no_gap), &c});
  using Feature = std::function<double(const RunCase&)>;  // NaN: unknown for that run
  const std::pair<const char*, Feature> features[] = {
      {"model size (log active parameters)", [](const RunCase& c) { return std::log10(c.row->spec.active_params); }},
      {"cluster size (log GPUs)", [](const RunCase& c) { return std::log10(c.row->gpus); }},
      {"GPUs per billion parameters (log)",
       [](const RunCase& c) { return std::log10(c.row->gpus / (c.row->spec.active_params / 1e9)); }},
      {"tokens per parameter (log)",
       [](const RunCase& c) { return std::log10(c.row->training.tokens_total() / c.row->spec.active_params); }},
      {"the tuned layout's steady MFU", [](const RunCase& c) { return c.peak_hours / c.steady.gpu_hours; }},
      {"year of the run", [](const RunCase& c) { return c.row->year.empty() ? NAN : std::atof(c.row->year.c_str()); }},
  };
  std::vector<FeatureTest> out;
  for (const auto& [name, feature] : features) {
    std::vector<const Row*> known;
    for (const Row& r : rows)
      if (!std::isnan(feature(*r.c))) known.push_back(&r);
    std::vector<double> with, constant;
    std::set<std::string> groups;
    for (const Row* r : known) groups.insert(r->group);
    for (const std::string& g : groups) {
      double sx = 0, sy = 0, sxx = 0, sxy = 0;
      std::vector<double> others;
      for (const Row* r : known)
        if (r->group != g) {
          const double x = feature(*r->c);
          sx += x, sy += r->y, sxx += x * x, sxy += x * r->y;
          others.push_back(r->y);
        }
      const double n = static_cast<double>(others.size());
      const double slope = (n * sxx - sx * sx) > 0 ? (n * sxy - sx * sy) / (n * sxx - sx * sx) : 0;
      const double intercept = (sy - slope * sx) / n;
      const double level = median(others);
      for (const Row* r : known)
        if (r->group == g) {
          with.push_back(std::fabs(std::exp(intercept + slope * feature(*r->c) - r->y) - 1) * 100);
          constant.push_back(std::fabs(std::exp(level - r->y) - 1) * 100);
        }
    }
    out.push_back({name, known.size(), median(with), median(constant)});
  }
  return out;
}

std::string summary_cells(const Summary& s, bool coverage) {
  std::string out = " " + pct(s.median_pct) + " | " + std::to_string(s.within) + " of " + count(s.runs) + " | " + times(s.worst) +
                    " | " + pct(s.shape_pct) + " |";
  if (coverage) out += " " + f("%.0f %%", s.coverage_pct) + " |";
  return out;
}

const char* kind_title(RangeKind k) {
  return k == RangeKind::pretraining ? "Pre-training" : k == RangeKind::finetuning ? "Fine-tuning, one GPU or adapters"
                                                                                  : "Full fine-tuning, several GPUs";
}

std::string range_text(const Range& r) { return "x" + f("%.2f", r.low) + " to x" + f("%.2f", r.high); }

// The README's block: one small table and what the range means.
std::string readme_block(const std::vector<KindFigures>& kinds) {
  std::ostringstream s;
  s << "| published runs, each source held out | runs (sources) | median error | within 1.5x | range | range held |\n"
       "|---|---|---|---|---|---|\n";
  for (const KindFigures& k : kinds) {
    const Summary& sm = k.kind == RangeKind::pretraining ? k.source : k.every;
    const std::size_t runs = k.kind == RangeKind::pretraining ? k.fitted : k.published;
    const std::size_t sources = k.kind == RangeKind::pretraining ? k.sources_fitted : k.sources_published;
    s << "| " << kind_title(k.kind) << " | " << runs << " (" << sources << ") | " << pct(sm.median_pct) << " | " << sm.within
      << " of " << sm.runs << " | " << range_text(k.range) << " | " << f("%.0f %%", k.range_held) << " |\n";
  }
  s << "\nThe range beside every time and GPU-hour figure is what published runs like it took, measured with each "
       "run's paper or organization left out of the fit: the central "
    << f("%.0f", kCoverage * 100)
    << " % of them, widened until it holds about eight in ten runs of a source it has not seen, or all of them where even "
       "that holds fewer; the response states the share it holds (`coverage`), and the page says it (\"5 in 10 published "
       "runs like this one\"). Judged source by source, it held the share of runs in the last column. [How it is "
       "measured](docs/accuracy.md).\n";
  return s.str();
}

}  // namespace

bool write_accuracy_page(const std::string& root, const AccuracyInputs& in) {
  const Calibration& cal = in.calibration;
  std::vector<KindFigures> kinds;
  for (const RangeKind k : {RangeKind::pretraining, RangeKind::finetuning, RangeKind::sharded_finetuning})
    kinds.push_back(figures_of(in, k));
  auto pre_only = [](const RunCase& c) { return fit_on(c) && pretraining(c); };
  const Summary constant = summarize_runs(pick(in.runs, in.by_source.constant, pre_only));
  const Summary steady_alone = summarize_runs(pick(in.runs, in.by_source.steady, pre_only));

  std::ostringstream md;
  md << "# How accurate gpusizer is\n\n"
        "<!-- Written by `build/native/gpusizer-calibrate --accuracy-page .` from tests/calibration/: do not edit; "
        "tests/data/accuracy-page.test.mjs fails when it is stale. -->\n\n"
        "Every figure on this page is measured on published runs and throughputs that the constants were **not** fitted "
        "on. Runs are held out by **source**: the paper, model card or organization a run comes from (the `source_group` "
        "column of `tests/calibration/whole_runs.csv` and `finetune_runs.csv`). Runs of one source share their hardware, "
        "software and reporting habits, so leaving out one run while its siblings stay in flatters a model; the figures "
        "with each run alone held out stand beside them for comparison. `build/native/gpusizer-calibrate` prints every "
        "figure here; `--requests` prints each row as the request it becomes.\n\n"
        "*Median error* is the median of |predicted / published - 1|. *Shape error* is the median distance of each run's "
        "ratio from the median ratio: what is left once a model's own average bias is removed, so it says whether the "
        "per-run detail carries signal. *Range held* judges each source's runs by the range the other sources' residuals "
        "give.\n\n";

  md << "## Whole runs\n\n"
     << "| runs | fitted on (sources) | held out by | median error | within 1.5x | worst | shape error | range held |\n"
     << "|---|---|---|---|---|---|---|---|\n";
  for (const KindFigures& k : kinds) {
    if (k.fitted > 0) {
      md << "| " << kind_title(k.kind) << " | " << k.fitted << " (" << k.sources_fitted << ") | source |"
         << summary_cells(k.source, true) << "\n";
      md << "| " << kind_title(k.kind) << " | " << k.fitted << " (" << k.sources_fitted << ") | run |" << summary_cells(k.run, true)
         << "\n";
    }
    md << "| " << kind_title(k.kind) << ", every published run | " << k.published << " (" << k.sources_published
       << ") | source |" << summary_cells(k.every, true) << "\n";
  }
  md << "| Pre-training: a constant utilization | " << kinds[0].fitted << " (" << kinds[0].sources_fitted << ") | source |"
     << summary_cells(constant, false) << " |\n";
  md << "| Pre-training: the tuned steady state alone | " << kinds[0].fitted << " (" << kinds[0].sources_fitted
     << ") | nothing fitted |" << summary_cells(steady_alone, false) << " |\n\n";
  md << "*Every published run* adds the runs reported but not fitted on: an assumed GPU count, or a source the research "
        "rates low (`count_known`, `confidence`, `fit`).\n\n"
     << "![Whole runs: predicted against published GPU-hours](accuracy-whole-runs.svg)\n\n";

  md << "### What the range means\n\n"
     << "`gpuHoursRange` and `wallDaysRange` are a central interval of the residuals above, one for each kind of run: "
        "the central "
     << f("%.0f", kCoverage * 100)
     << " % of them, widened in steps of 5 points until it holds eight in ten runs of a source left out, give or take "
        "5 (each judged by the range the other sources give), or all of them where even that holds fewer. `coverage` "
        "is the share it holds: 0.8, or what it held in whole tenths rounded down; the page reads it as \"8 in 10 published runs "
        "like this one took between these figures\". The point estimate always lies inside.\n\n"
     << "| kind | range | width | residuals spanned | built from | held, source by source | `coverage` |\n"
        "|---|---|---|---|---|---|---|\n";
  for (const KindFigures& k : kinds)
    md << "| " << kind_title(k.kind) << " | " << range_text(k.range) << " | " << times(k.range.high / k.range.low) << " | "
       << f("%.0f %%", 100 * k.range_share) << " | " << (k.kind == RangeKind::pretraining ? k.fitted : k.published)
       << " runs | " << f("%.0f %%", k.range_held) << " | " << f("%.1f", run_range(cal, k.kind).coverage) << " |\n";
  md << "\nFull fine-tuning on several GPUs has few published runs, and what sets them apart is the stack's "
        "generation, which no request field states: 2023 stacks (the Hugging Face Trainer with FSDP or ZeRO-3, "
        "padded batches) took 4 to 7 times their tuned steady state, a 2025 one (Red Hat's training_hub: FSDP, "
        "padding-free packing) 0.8 to 1.0 times it. gpusizer predicts the current stack, and its range runs from "
        "there up to the older ones.\n\n";

  md << "### What a whole run is made of\n\n"
     << "The planner's tuned steady state (the fastest layout that fits, `runHours.steady`), then terms with a "
        "published basis (`core/src/training/calibration.hpp` cites each):\n\n"
     << "- evaluation and warm-up: " << pct(cal.run_eval_share * 100) << " of the training time (BLOOM's logbook);\n"
     << "- checkpoint saves: the training state (" << f("%.0f", kWeightBytes + kOptimizerBytes)
     << " bytes a trained parameter) every " << f("%.0f", cal.run_checkpoint_interval_hours) << " hour, at "
     << f("%.0f", cal.run_checkpoint_bytes_per_second_per_node / 1e9)
     << " GB/s a machine (BLOOM, Llama 3), through one process for fine-tuning stacks;\n"
     << "- failures: " << f("%.1e", cal.run_interruptions_per_gpu_hour) << " interruptions a GPU-hour, "
     << f("%.1f", cal.run_hours_lost_per_interruption) << " h lost each (Llama 3);\n"
     << "- start-up: " << f("%.3f", cal.run_startup_hours) << " h (fitted on the fine-tuning runs) with the weights read and "
        "written at " << f("%.0f", cal.run_storage_bytes_per_second / 1e9) << " GB/s, and for fine-tuning the dataset "
        "tokenized at " << grouped(cal.run_tokenize_tokens_per_second) << " tokens/s;\n"
     << "- for pre-training, the gap between the tuned layout and what published runs achieved: x" << f("%.3f", cal.run_gap)
     << " (`runHours.belowBenchmark`), fitted with each source held out.\n\n"
     << "No feature of a job predicts that gap on a source held out; each was tried as a log-linear term fitted on the "
        "other sources:\n\n| feature | runs | median error with it | with one constant |\n|---|---|---|---|\n";
  for (const FeatureTest& t : feature_tests(in))
    md << "| " << t.name << " | " << t.runs << " | " << pct(t.with_feature_pct) << " | " << pct(t.constant_pct) << " |\n";
  md << "\nSo it is one number, and the range carries the rest.\n\n";

  // Steady state.
  std::map<std::string, std::vector<double>> by_group;
  std::vector<double> all_abs;
  Plot steady_plot{"Steady state: predicted against measured tokens/s per GPU", "measured tokens/s per GPU",
                   "predicted, framework group held out", {}, {}};
  std::map<std::string, int> series_of;
  for (std::size_t i = 0; i < in.steady.size(); ++i) {
    const SteadyRow& r = in.steady[i];
    const double e = in.steady_held[i];
    by_group[in.steady_group(r)].push_back(e);
    all_abs.push_back(std::fabs(e) * 100);
    const std::string arch = r.gpu.rfind("h", 0) == 0 ? "Hopper" : r.gpu.rfind("a", 0) == 0 ? "Ampere" : "other";
    if (!series_of.count(arch)) {
      series_of[arch] = static_cast<int>(steady_plot.series.size());
      steady_plot.series.push_back(arch);
    }
    steady_plot.points.push_back({r.measured_tokens_per_s_per_gpu, r.measured_tokens_per_s_per_gpu * (1 + e), series_of[arch],
                                  r.id + " (" + r.framework + ")"});
  }
  md << "## Steady state\n\n"
     << "Tokens per second per GPU of a published layout (`tests/calibration/steady_state.csv`, " << in.steady.size()
     << " rows), each framework group predicted with the constants fitted without it: median error "
     << pct(median(all_abs)) << ".\n\n| framework group | rows | median error | worst |\n|---|---|---|---|\n";
  for (const auto& [group, errors] : by_group) {
    std::vector<double> a;
    double worst = 1;
    for (double e : errors) {
      a.push_back(std::fabs(e) * 100);
      worst = std::max(worst, std::max(1 + e, 1 / (1 + e)));
    }
    md << "| " << group << " | " << errors.size() << " | " << pct(median(a)) << " | " << times(worst) << " |\n";
  }
  md << "\n![Steady state: predicted against measured](accuracy-steady-state.svg)\n\n";

  // Fine-tuning throughput.
  Plot ft_plot{"Fine-tuning throughput: predicted against measured", "measured tokens/s per GPU", "predicted, source held out",
               {"one GPU", "several GPUs"}, {}};
  std::vector<double> ft_all, ft_single;
  md << "## Fine-tuning throughput\n\n"
     << "LoRA, QLoRA and full fine-tuning throughput (`tests/calibration/finetune_steady.csv`), each source predicted "
        "with the fine-tuning constants fitted without it.\n\n| source | rows | median error | worst |\n|---|---|---|---|\n";
  for (const HeldOut& h : in.finetune_held) {
    std::vector<double> a;
    double worst = 1;
    for (std::size_t i = 0; i < h.rows.size(); ++i) {
      const double e = h.errors[i];
      a.push_back(std::fabs(e) * 100);
      ft_all.push_back(std::fabs(e) * 100);
      if (h.rows[i]->gpus == 1) ft_single.push_back(std::fabs(e) * 100);
      worst = std::max(worst, std::max(1 + e, 1 / (1 + e)));
      ft_plot.points.push_back({h.rows[i]->measured_tokens_per_s_per_gpu, h.rows[i]->measured_tokens_per_s_per_gpu * (1 + e),
                                h.rows[i]->gpus == 1 ? 0 : 1, h.rows[i]->id});
    }
    md << "| " << h.group << " | " << h.rows.size() << " | " << pct(median(a)) << " | " << times(worst) << " |\n";
  }
  md << "| all | " << ft_all.size() << " | " << pct(median(ft_all)) << " | |\n| one GPU | " << ft_single.size() << " | "
     << pct(median(ft_single)) << " | |\n\n![Fine-tuning throughput: predicted against measured](accuracy-fine-tuning.svg)\n\n";

  // Every whole run.
  Plot runs_plot{"Whole runs: predicted against published GPU-hours", "published GPU-hours", "predicted, source held out",
                 {"pre-training", "fine-tuning, one GPU or adapters", "full fine-tuning, several GPUs", "reported, not fitted on"}, {}};
  md << "## Every whole run\n\nPredicted with the compiled constants, and the ratio predicted / published with the run's "
        "source, and the run alone, held out.\n\n"
     << "| run | source | GPU | GPUs | fitted on | published GPU-h | predicted GPU-h | ratio, source held out | ratio, run held out |\n"
     << "|---|---|---|---|---|---|---|---|---|\n";
  for (std::size_t i = 0; i < in.runs.size(); ++i) {
    const RunCase& c = in.runs[i];
    const RunRow& r = *c.row;
    const double predicted = std::exp(log_ratio(c, cal)) * r.published_gpu_hours;
    md << "| " << r.model << " | " << r.group << " | " << r.gpu << " | " << r.gpus << " | " << (fit_on(c) ? "yes" : "no") << " | "
       << grouped(r.published_gpu_hours) << " | " << grouped(predicted) << " | " << f("%.2f", std::exp(in.by_source.model[i]))
       << " | " << f("%.2f", std::exp(in.by_run.model[i])) << " |\n";
    const int series = !fit_on(c) ? 3 : static_cast<int>(range_kind_of(c));
    runs_plot.points.push_back({r.published_gpu_hours, r.published_gpu_hours * std::exp(in.by_source.model[i]), series,
                                r.model + " (" + r.group + ")"});
  }

  // The README's block.
  const std::string readme_path = root + "/README.md";
  std::ifstream readme_in(readme_path, std::ios::binary);
  std::stringstream readme;
  readme << readme_in.rdbuf();
  std::string text = readme.str();
  const std::string begin = "<!-- accuracy:begin -->\n", end = "<!-- accuracy:end -->";
  const std::size_t a = text.find(begin), b = text.find(end);
  if (a == std::string::npos || b == std::string::npos || b < a) {
    std::fprintf(stderr, "gpusizer-calibrate: %s has no <!-- accuracy:begin --> ... <!-- accuracy:end --> block\n", readme_path.c_str());
    return false;
  }
  text = text.substr(0, a + begin.size()) + readme_block(kinds) + text.substr(b);
  return write_file(root + "/docs/accuracy.md", md.str()) && write_file(root + "/docs/accuracy-whole-runs.svg", svg_plot(runs_plot)) &&
         write_file(root + "/docs/accuracy-steady-state.svg", svg_plot(steady_plot)) &&
         write_file(root + "/docs/accuracy-fine-tuning.svg", svg_plot(ft_plot)) && write_file(readme_path, text);
}

}  // namespace gpusizer::calibration
