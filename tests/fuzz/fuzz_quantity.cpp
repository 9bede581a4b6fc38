// libFuzzer target: parse_quantity accepts or rejects any text, and what it accepts is finite.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "contract/quantity.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto value = gpusizer::parse_quantity(std::string_view(reinterpret_cast<const char*>(data), size));
  if (value && !std::isfinite(*value)) std::abort();
  return 0;
}
