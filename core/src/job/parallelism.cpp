#include "job/parallelism.hpp"

#include "gpusizer/error.hpp"

namespace gpusizer {

const char* recompute_name(Recompute r) {
  switch (r) {
    case Recompute::none: return "none";
    case Recompute::selective: return "selective";
    case Recompute::full: return "full";
  }
  return "none";
}

void check_layout(const Model& m, const Parallelism& par, std::optional<int> count, Lang lang,
                  const std::string& path) {
  auto fail = [&](const char* field, msg::Id id, std::initializer_list<Arg> args = {}) {
    throw Error(errc::invalid_value, path + "/" + field, say(lang, id, args));
  };
  if (!m.tensor_parallel_ok(par.tp)) fail("tp", msg::error_tp_divide, {{"heads", m.heads}, {"kv", m.kv_heads}});
  if (count && par.gpus() != *count) fail("dp", msg::error_layout_count, {{"product", par.gpus()}, {"count", *count}});
  if (par.pp > m.layers) fail("pp", msg::error_pp_layers);
  if (par.interleave > 1 && (par.pp == 1 || m.layers < par.pp * par.interleave)) fail("interleave", msg::error_interleave);
  if (par.ep > 1 && (!m.is_moe() || m.experts % par.ep != 0 || (par.tp * par.dp) % par.ep != 0)) fail("ep", msg::error_ep);
  if (par.global_batch > 0 && par.global_batch % (par.dp * par.micro_batch) != 0) fail("globalBatch", msg::error_global_batch);
}

}  // namespace gpusizer
