#include "contract/limits.hpp"

#include <vector>

#include "common/numbers.hpp"
#include "contract/json_read.hpp"

namespace gpusizer::jsonio {
namespace {

// Where the parser is, as a JSON pointer: one frame per open object or array.
struct Frame {
  bool array = false;
  long index = -1;  // arrays: the element being read
  std::string key;  // objects: the last key read
};

std::string pointer_of(const std::vector<Frame>& stack) {
  std::string path;
  for (const Frame& f : stack) {
    if (f.array) {
      if (f.index >= 0) path = pointer(path, static_cast<std::size_t>(f.index));
    } else if (!f.key.empty()) {
      path = pointer(path, echo(f.key));
    }
  }
  return path;
}

}  // namespace

std::string echo(const std::string& text) {
  std::size_t chars = 0, i = 0;
  for (; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80 && chars++ == kMaxEchoChars) break;
  }
  return i < text.size() ? text.substr(0, i) + "…" : text;
}

// The language a request asks for, before it is parsed (errors of parsing are the first a
// user can meet): "lang": "zh" anywhere in the text.
Lang lang_hint(const std::string& text) {
  const std::size_t key = text.find("\"lang\"");
  if (key == std::string::npos) return Lang::en;
  std::size_t i = key + 6;
  while (i < text.size() && (text[i] == ' ' || text[i] == ':' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) ++i;
  return text.compare(i, 4, "\"zh\"") == 0 ? Lang::zh : Lang::en;
}

nlohmann::json parse_limited(const std::string& text) {
  using nlohmann::json;
  const Lang lang = lang_hint(text.substr(0, std::min(text.size(), kMaxRequestBytes)));
  if (text.size() > kMaxRequestBytes)
    throw Error(errc::invalid_value, "", say(lang, msg::error_request_too_large, {{"limit", format_int(kMaxRequestBytes)}}));
  std::vector<Frame> stack;
  // The pointer is built only for a string at fault: building it for every key and value was
  // most of the time spent refusing a catalog of 10,000 offers.
  auto too_long = [&](const std::string& s) {
    if (s.size() > kMaxStringBytes)
      throw Error(errc::invalid_value, pointer_of(stack),
                  say(lang, msg::error_string_too_long, {{"bytes", format_int(static_cast<double>(s.size()))},
                                                             {"limit", format_int(kMaxStringBytes)}}));
  };
  // The parser reports every container start and end, key and value: the frames follow it.
  json::parser_callback_t watch = [&](int depth, json::parse_event_t event, json& parsed) {
    if (depth > kMaxDepth)
      throw Error(errc::invalid_value, pointer_of(stack), say(lang, msg::error_too_deep, {{"limit", kMaxDepth}}));
    switch (event) {
      case json::parse_event_t::object_start:
      case json::parse_event_t::array_start:
        if (!stack.empty() && stack.back().array) ++stack.back().index;
        stack.push_back({event == json::parse_event_t::array_start, -1, {}});
        break;
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        if (!stack.empty()) stack.pop_back();
        break;
      case json::parse_event_t::key:
        if (!stack.empty()) stack.back().key.clear();  // a key too long is blamed on its object
        too_long(parsed.get_ref<const std::string&>());
        if (!stack.empty()) stack.back().key = parsed.get_ref<const std::string&>();
        break;
      case json::parse_event_t::value:
        if (!stack.empty() && stack.back().array) ++stack.back().index;
        if (parsed.is_string()) too_long(parsed.get_ref<const std::string&>());
        break;
    }
    return true;
  };
  try {
    return json::parse(text, watch);
  } catch (const json::parse_error& e) {
    throw Error(errc::invalid_json, "", say(lang, msg::error_invalid_json, {{"detail", echo(e.what())}}));
  } catch (const json::out_of_range& e) {  // a number beyond double's range: 1e400
    throw Error(errc::invalid_json, "", say(lang, msg::error_invalid_json, {{"detail", echo(e.what())}}));
  }
}

}  // namespace gpusizer::jsonio
