// The whole bill of an option beside its GPU time: storing the data, the checkpoints kept and
// the trained weights on the offer's terms, moving the data in and the results out, set-up and
// add-ons; each a line with its basis, and what the offer's price list leaves out flagged.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "diagnostics/messages.hpp"

namespace gpusizer {

// What the job must store and move, from the request's data and the model (estimate/ fills it).
struct BillNeeds {
  bool data_given = false;            // the request described the data: storage and transfer are priced
  double dataset_bytes = 0;           // 0: its size is not known (not stored, not uploaded)
  double checkpoint_bytes = 0;        // one checkpoint (training/run_model.hpp checkpoint_bytes())
  int checkpoints_kept = 0;
  double final_bytes = 0;             // the trained weights: bf16, or the adapters for LoRA/QLoRA
  bool adapters = false;              // final_bytes are adapters
  std::optional<double> line_mbps;    // the user's line (data.uploadMbps)
  double stored_bytes() const { return dataset_bytes + checkpoints_kept * checkpoint_bytes + final_bytes; }
};

// How the data moves for an offer: the dataset up at the start, the trained weights down at the
// end, both at one speed (the user's line, the offer's stated bandwidth, or the default).
struct TransferPlan {
  double mbps = 0;              // Mbit/s the data moves at
  std::string limited_by;       // "line" (data.uploadMbps), "offer" (its includedMbps), "default"
  double bought_mbps = 0;       // bandwidth bought on top of the included, where the offer sells it
  double included_mbps = 0;
  long bandwidth_months = 0;    // months that bandwidth is paid (whole months, at least one)
  double upload_hours = 0, download_hours = 0;
  double hours() const { return upload_hours + download_hours; }
};
TransferPlan plan_transfer(const Offer& offer, const BillNeeds& needs);

enum class LineKind { gpu, storage, transfer, setup, purchase, hosting, power };
const char* line_kind_name(LineKind k);

// One line of a bill, in the request's currency, to the cent. The quantities say what the basis
// words say (bill_basis()); `priced` false: the offer's price list has no price for it, so the
// amount is 0 and the option's warnings say so.
struct BillLine {
  LineKind kind = LineKind::gpu;
  std::string item;       // rental, setup-fee, public-ip, support, storage, bandwidth, egress
  double amount = 0;
  bool priced = true;
  double quantity = 0;    // GB stored or moved, Mbit/s bought, public IPs
  double included = 0;    // GB included (storage), Mbit/s included (bandwidth)
  double months = 0;      // months paid (storage, bandwidth, public IP, support)
  double unit_price = 0;  // request currency: per GB-month, per Mbit/s-month, per GB, per month
  std::string basis;      // in words, the request's language (bill_basis())
};

// The lines beside the GPU time of renting `units` units for `covered_hours` (the hours the GPU
// billing pays), in the request's currency at `rate` per unit of the offer's currency. No
// storage or transfer lines unless the data was described; setup-fee is the billing's own.
std::vector<BillLine> extra_lines(const Offer& offer, int units, double covered_hours, double rate,
                                  const BillNeeds& needs);

// The basis in words of every line but the GPU time's (rental/pricing.hpp describe_bill() says
// that one), and the lines the offer does not price as one phrase for the not_in_price_list
// warning ("" when it prices them all).
std::string describe_extra_lines(Lang lang, std::vector<BillLine>& lines, const Offer& offer, int units,
                                 const BillNeeds& needs, const std::string& currency);

// A price in words with its currency, as the page writes one (3 significant digits: "¥0.3",
// "US$0.07", "CN¥10").
std::string price_text(Lang lang, double price, const std::string& currency);

}  // namespace gpusizer
