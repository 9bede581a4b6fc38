#include "catalog/owning.hpp"

namespace gpusizer {
namespace {

struct Price {
  const char* gpu;
  double price;
  const char* currency;
  const char* date;
  const char* kind;
  const char* source;
  const char* confidence;
};

// 8-GPU machines, whole servers. Chinese prices are dealer quotes relayed by journalists or a
// market report's estimates, grey-channel for the H100, A800 and A100, and they move a lot (an
// 8 x A800 server went from ¥2.3M to ¥3.3M in one week of 2023). No price was found for a whole
// 8 x H800, L40S, L20, RTX 5090, A100 40GB or H100 PCIe server.
constexpr Price kPrices[] = {
    // "满配的H100 NVLink版本的八卡服务器价格为270万元上下，而且是现货" (虎嗅 on the H20, after
    // SemiAnalysis's 2024-07-05 forecast; mirror ghytv.com/?p=36952). CMIS estimated ¥2.3-3.2M
    // in 2026-08 (github Gavinzll/compute-market-report, cmis_snapshot_2026-08-22.json).
    {"h100-80gb", 2700000, "CNY", "2024-07", "street", "虎嗅, 8-GPU H100 NVLink server, spot stock (mirror ghytv.com/?p=36952)", "low"},
    // Thinkmate's HGX H100 quote with InfiniBand for 8 x 400 Gb/s ("H100 cluster cost" sheet,
    // archived 2024-08-22). NVIDIA's DGX H100 base list price of $199,000 is second-hand.
    {"h100-80gb", 317000, "USD", "2024-08", "list", "Thinkmate HGX H100 8-GPU quote incl. 8 x 400G InfiniBand (H100 cluster cost sheet)", "medium"},
    // No 8 x H800 price was found: the 8 x H100 street price stands in (the same chip with NVLink cut).
    {"h800-80gb", 2700000, "CNY", "2024-07", "estimate", "no 8 x H800 price found: the 8 x H100 street price (虎嗅, 2024-07) stands in", "low"},
    // "目前一台配备8张H20的服务器价格约为120万" (IT时报 via tojoyun.com, 2024-07-14; 虎嗅 agrees).
    {"h20-96gb", 1200000, "CNY", "2024-07", "street", "IT时报 (via tojoyun.com, 2024-07-14) and 虎嗅: 8-GPU H20 server", "medium"},
    // "搭载8颗H200的整机机柜" ¥1.5M (php.xlycwl.com/faq/1963438.html, 2026-01-10): low against the
    // same article's ¥190k a chip.
    {"h200-141gb", 1500000, "CNY", "2026-01-10", "street", "php.xlycwl.com/faq/1963438.html, 8 x H200 whole machine (looks low against ¥190k a chip)", "low"},
    // "一台由8张A800组成的服务器，可以从230万涨价到330万" (每日人物, 2024-02-18, of 2023's shortage).
    {"a800-80gb", 2300000, "CNY", "2023", "street", "每日人物 2024-02-18: 8 x A800 server before 2023's peak (¥3.3M a week later)", "low"},
    // CMIS's estimate ¥0.9-1.4M, median ¥1.15M (cmis_snapshot_2026-08-22.json, gpu_procurement).
    {"a100-80gb", 1150000, "CNY", "2026-08-22", "estimate", "CMIS daily report 2026-08-22 (github Gavinzll/compute-market-report), median of ¥0.9-1.4M", "low"},
    // CMIS's estimate ¥180-280k, median ¥230k; ZOL lists an 8-card 4090 server at ¥260k.
    {"rtx-4090", 230000, "CNY", "2026-08-22", "estimate", "CMIS daily report 2026-08-22, median of ¥180-280k (ZOL lists ¥260k)", "low"},
    // A framework agreement of the Agricultural Development Bank of China: training server ¥2.122M
    // (via CMIS; the tender notice itself was not traced).
    {"ascend-910b", 2122000, "CNY", "2026", "tender", "CMIS 2026-08-22: ADBC framework agreement, 910B training server (tender not traced)", "low"},
    // GPUs x 1.38 (epoch.ai's server premium over its GPUs, second-hand): B200 $30-40k a GPU
    // (paulscannon.com), MI300X $10-15k street (awesomeagents.ai). Derived, low.
    {"b200-180gb", 386400, "USD", "2025", "estimate", "8 x $35,000 a B200 (paulscannon.com) x 1.38 server premium (epoch.ai, second-hand)", "low"},
    {"mi300x-192gb", 138000, "USD", "2025", "estimate", "8 x $12,500 an MI300X street (awesomeagents.ai) x 1.38 server premium (epoch.ai, second-hand)", "low"},
};

struct Power {
  const char* gpu;
  double kw;
  const char* source;
  const char* confidence;
};

// System maxima from NVIDIA's datasheets and user guides; a measured wall power for the 4090.
constexpr Power kPower[] = {
    {"h100-80gb", 10.2, "NVIDIA DGX H100 datasheet: 10.2 kW max", "high"},
    {"h800-80gb", 10.2, "NVIDIA DGX H100 datasheet: 10.2 kW max (the same 700 W GPUs)", "medium"},
    {"h200-141gb", 10.2, "NVIDIA DGX H100 datasheet: 10.2 kW max (the same 700 W GPUs)", "medium"},
    {"a100-80gb", 6.5, "NVIDIA DGX A100 user guide: 6.5 kW max", "high"},
    {"a100-40gb", 6.5, "NVIDIA DGX A100 user guide: 6.5 kW max", "high"},
    {"a800-80gb", 6.5, "NVIDIA DGX A100 user guide: 6.5 kW max (the same 400 W GPUs)", "medium"},
    {"h20-96gb", 6.5, "NVIDIA DGX A100 user guide: 6.5 kW max (400 W GPUs, as the H20's)", "low"},
    {"b200-180gb", 14.3, "NVIDIA DGX B200 user guide: 14.3 kW max", "medium"},
    {"rtx-4090", 4.6, "an 8 x RTX 4090D server's wall power under load (r/LocalAIServers)", "low"},
};

// China: VNET's average retail revenue per cabinet a month, Q3 2025 (results of 2025-11-20;
// ¥8,915 in Q2 2025, ¥8,788 in Q3 2024); the cabinet's power and what it includes are not
// disclosed, so one cabinet per machine is an assumption. Electricity: the only figure found is
// a data-centre fee template's commercial rate of ¥1/kWh (360docs.net, undated); the provinces'
// 代理购电 tariffs were not read. PUE: the 2024-07 action plan's national average below 1.5 by
// the end of 2025 (NDRC, MIIT, NEA, NDA).
const Hosting kChina = {"CNY",
                        8948,
                        0,
                        "VNET retail MRR per cabinet, Q3 2025",
                        "low",
                        1.0,
                        "a data-centre fee template's commercial rate (360docs.net, undated; provincial tariffs not read)",
                        "low",
                        1.5,
                        "China's 2025 target for the national average (action plan of 2024-07)",
                        "medium"};
// The US: CBRE's asking rate for 250-500 kW in primary markets, H2 2024 (report of 2025-02-26);
// electricity: EIA's industrial average for Virginia, 2023 (Electric Power Annual, 2024-10-17);
// PUE: the Uptime Institute's 2024 survey average.
const Hosting kUs = {"USD",
                     0,
                     184.06,
                     "CBRE North America Data Center Trends H2 2024",
                     "high",
                     0.0892,
                     "EIA Electric Power Annual 2023, Virginia industrial",
                     "high",
                     1.56,
                     "Uptime Institute Global Data Center Survey 2024",
                     "medium"};

}  // namespace

std::optional<PurchasePrice> purchase_price(std::string_view gpu, std::string_view currency) {
  const Price* other = nullptr;
  for (const Price& p : kPrices) {
    if (gpu != p.gpu) continue;
    if (currency == p.currency) return PurchasePrice{p.price, p.currency, p.date, p.kind, p.source, p.confidence};
    if (!other) other = &p;
  }
  if (!other) return std::nullopt;
  return PurchasePrice{other->price, other->currency, other->date, other->kind, other->source, other->confidence};
}

MachinePower machine_power(std::string_view gpu, double gpu_tdp_watts, int gpus) {
  for (const Power& p : kPower)
    if (gpu == p.gpu) return {p.kw * gpus / 8, p.source, p.confidence};
  return {gpus * gpu_tdp_watts * (10.2 / 5.6) / 1000, "the GPUs' TDP x 1.82, a DGX H100's system power over its GPUs'", "low"};
}

const Hosting& hosting_for(std::string_view currency) { return currency == "USD" ? kUs : kChina; }

}  // namespace gpusizer
