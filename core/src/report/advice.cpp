#include "report/advice.hpp"

#include "common/dates.hpp"
#include "common/numbers.hpp"
#include "report/text.hpp"

namespace gpusizer {

void add_option_warnings(const Request& req, const Gpu& gpu, std::optional<long> today, Option& o) {
  const std::string& lang = req.lang;
  const Offer& offer = *o.offer;
  const int gpus = o.units * offer.gpus_per_unit;
  if (offer.intra_unit == "pcie" && gpus > 1)
    o.warnings.push_back({"pcie_multi_gpu", "",
                          tr(lang,
                             "PCIe-only cards: tensor-parallel and gradient traffic between the " + std::to_string(gpus) +
                                 " GPUs goes over PCIe (" + format_sig(gpu.intra_node_gbps / 2, 3) +
                                 " GB/s each way), not NVLink",
                             "仅 PCIe 互联：" + std::to_string(gpus) + " 张卡之间的张量并行和梯度通信走 PCIe（单向 " +
                                 format_sig(gpu.intra_node_gbps / 2, 3) + " GB/s），不是 NVLink")});
  if (gpu.nvlink_capped && gpus > 1)
    o.warnings.push_back({"nvlink_capped", "",
                          tr(lang,
                             gpu.id + " is an export variant with NVLink capped at " +
                                 format_sig(gpu.intra_node_gbps, 3) + " GB/s (the full part has more): tensor parallelism is slower",
                             gpu.id + " 为出口特供版，NVLink 限速为 " + format_sig(gpu.intra_node_gbps, 3) +
                                 " GB/s：张量并行更慢")});
  if (o.units > 1 && offer.inter_unit == "ethernet" && offer.gpus_per_unit < gpus)
    o.warnings.push_back({"slow_interconnect", "",
                          tr(lang,
                             "units are joined by Ethernet (" +
                                 format_sig(offer.inter_unit_gbps_per_gpu.value_or(gpu.inter_node_gbps_per_gpu), 3) +
                                 " GB/s per GPU): a multi-machine job is network-bound",
                             "机器间为以太网（每卡 " +
                                 format_sig(offer.inter_unit_gbps_per_gpu.value_or(gpu.inter_node_gbps_per_gpu), 3) +
                                 " GB/s）：多机训练受网络限制")});
  if (gpus > kLargeClusterGpus && !offer.units_available)
    o.warnings.push_back({"large_cluster", "",
                          tr(lang,
                             std::to_string(gpus) + " GPUs in one job: ask the provider whether it can supply and network that many",
                             "单个任务需要 " + std::to_string(gpus) + " 张卡：请向服务商确认能否提供并互联这么多")});
  if (offer.spot)
    o.warnings.push_back({"spot", "",
                          tr(lang, "preemptible capacity: the job can be interrupted; checkpoint often",
                             "抢占式实例：任务可能被中断，请频繁保存检查点")});
  if (today) {
    if (const auto priced = day_number(offer.price_date)) {
      o.price_age_days = static_cast<int>(*today - *priced);
      o.price_stale = *o.price_age_days > kStalePriceDays;
      if (o.price_stale)
        o.warnings.push_back({"stale_price", "",
                              tr(lang,
                                 "price dated " + offer.price_date + ", " + std::to_string(*o.price_age_days) +
                                     " days old: check the current price",
                                 "价格日期 " + offer.price_date + "，已过去 " + std::to_string(*o.price_age_days) +
                                     " 天：请核实当前价格")});
    }
  }
  if (offer.confidence == "low")
    o.warnings.push_back({"low_confidence", "",
                          tr(lang, "the price comes from a low-confidence source", "该价格来源可信度较低")});
}

namespace {

struct Tier {
  const char* id;
  double max_params;
  int min_gpus, max_gpus;
  const char* en;
  const char* zh;
};

// The tiers the renters' guides give (product brief), with the GPU counts they imply.
constexpr Tier kTiers[] = {
    {"<7B", 7e9, 1, 4, "one or a few cards", "一张或几张卡"},
    {"7-13B", 13e9, 4, 8, "4-8 A100s", "4–8 张 A100"},
    {"13-70B", 70e9, 8, 8, "an 8×A100 machine", "一台 8×A100 整机"},
    {">70B", 1e30, 16, 1 << 30, "an H100/A100 cluster", "H100/A100 集群"},
};

const Option* recommended(const Result& r) {
  for (const Option& o : r.options)
    if (o.recommended) return &o;
  return nullptr;
}

}  // namespace

Advice make_advice(const Request& req, const Result& r) {
  const std::string& lang = req.lang;
  Advice a;
  const double params = r.model.params;
  const Tier* tier = &kTiers[3];
  for (const Tier& t : kTiers)
    if (params < t.max_params) {
      tier = &t;
      break;
    }
  a.tier = tier->id;
  a.suggestion = tr(lang, tier->en, tier->zh);
  const Option* best = recommended(r);
  const int gpus = best ? best->units * best->offer->gpus_per_unit : r.estimate ? r.estimate->run.count : 0;
  const std::string gpu_id = best ? best->offer->gpu : r.estimate ? r.estimate->run.gpu : "";
  const Gpu* gpu = req.catalog->find_gpu(gpu_id);
  const std::string plan_gpu = gpu ? gpu->name : gpu_id;
  const std::string days = best ? format_sig(best->run.wall_days, 3) : r.estimate ? format_sig(r.estimate->run.wall_days, 3) : "";
  if (gpus == 0) {
    a.agrees = false;
    a.message = tr(lang, "No usable plan to compare with the rule of thumb.", "没有可与经验法则比较的可行方案。");
  } else {
    a.agrees = gpus >= tier->min_gpus && gpus <= tier->max_gpus;
    const std::string plan_en = std::to_string(gpus) + " × " + plan_gpu + " for " + days + " days";
    const std::string plan_zh = std::to_string(gpus) + " 张 " + plan_gpu + "，" + days + " 天";
    if (a.agrees) {
      a.message = tr(lang, "The plan (" + plan_en + ") agrees with the rule of thumb for " + tier->id + " models: " + tier->en + ".",
                     "方案（" + plan_zh + "）与 " + tier->id + " 模型的经验法则一致：" + tier->zh + "。");
    } else if (gpus > tier->max_gpus) {
      a.message = tr(lang,
                     "The rule of thumb says " + std::string(tier->en) + " for " + tier->id +
                         " models, which is about fitting the model in memory; this job's " +
                         format_sig(r.compute.tokens_total, 3) + " tokens in the goal's time need " + plan_en +
                         ": the deadline, not memory, sets the size.",
                     std::string("经验法则对 ") + tier->id + " 模型建议" + tier->zh + "，那是按放得下模型来算的；本任务要在目标时间内训练 " +
                         format_sig(r.compute.tokens_total, 3) + " 个 token，需要 " + plan_zh + "：规模由工期而非显存决定。");
    } else {
      a.message = tr(lang,
                     "The rule of thumb says " + std::string(tier->en) + " for " + tier->id + " models; this job needs only " +
                         plan_en + (r.training.is_adapter() ? " because LoRA/QLoRA trains a small adapter on a frozen base"
                                                            : " because it is small enough to finish in time on fewer GPUs") +
                         ".",
                     std::string("经验法则对 ") + tier->id + " 模型建议" + tier->zh + "；本任务只需 " + plan_zh +
                         (r.training.is_adapter() ? "，因为 LoRA/QLoRA 只在冻结的基座上训练小的适配器" : "，因为数据量不大，更少的卡也能按时完成") +
                         "。");
    }
  }

  // Notes a renter needs, from the recommended option.
  if (best && best->cost && best->cost->trial_then_monthly) {
    const Cost& c = *best->cost;
    a.notes.push_back({"trial_week", "",
                       tr(lang,
                          "Before committing to months, rent a week by the hour to test throughput: the trial-then-monthly plan costs " +
                              format_money(c.trial_then_monthly->amount, c.currency) + " against " +
                              format_money(c.amount, c.currency) + " for the cheapest mix.",
                          "包月前先按小时租一周测试吞吐：先试用一周再包月的方案费用为 " +
                              format_money(c.trial_then_monthly->amount, c.currency) + "，最省的组合为 " +
                              format_money(c.amount, c.currency) + "。")});
  }
  if (best && best->cost && best->cost->break_even_hours_per_month) {
    const double h = *best->cost->break_even_hours_per_month;
    a.notes.push_back({"break_even", "",
                       tr(lang,
                          "On " + best->offer->id + " a month costs as much as " + format_sig(h, 3) +
                              " hours: rent by the month if you will use it more than " + format_sig(h / 24, 3) + " days a month.",
                          "在 " + best->offer->id + " 上，一个月的价格相当于 " + format_sig(h, 3) + " 小时：每月使用超过 " +
                              format_sig(h / 24, 3) + " 天就选包月。")});
  }
  if (req.goal.sensitive_data) {
    int isolated = 0;
    std::string first;
    for (const Option& o : r.options)
      if (o.offer->deployment == "local-dc" && o.offer->isolation == "private" && o.fits) {
        if (!isolated++) first = o.offer->id;
      }
    a.notes.push_back({"sensitive_data", "/goal/sensitiveData",
                       isolated ? tr(lang,
                                     "For sensitive data, prefer a physically isolated local data centre: " +
                                         std::to_string(isolated) + " such offer(s) can run this job (e.g. " + first + ").",
                                     "敏感数据建议使用物理隔离的本地机房：有 " + std::to_string(isolated) + " 个此类方案可运行本任务（如 " +
                                         first + "）。")
                                : tr(lang, "For sensitive data, prefer a physically isolated local data centre; none in this catalog can run this job.",
                                     "敏感数据建议使用物理隔离的本地机房；本目录中没有可运行本任务的此类方案。")});
  }
  int stale = 0;
  for (const Option& o : r.options)
    if (o.price_stale) ++stale;
  if (stale)
    a.notes.push_back({"stale_prices", "",
                       tr(lang, std::to_string(stale) + " offer(s) have prices older than 90 days: check them before deciding.",
                          std::to_string(stale) + " 个方案的价格已超过 90 天：决定前请核实。")});
  return a;
}

}  // namespace gpusizer
