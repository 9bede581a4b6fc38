#include "contract/json_write.hpp"

namespace gpusizer::jsonio {

namespace {
std::string scalar(const nlohmann::json& j) { return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }
}  // namespace

void JsonOut::separate() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!first_.empty()) {
    if (!first_.back()) out_ += ',';
    first_.back() = false;
  }
}

JsonOut& JsonOut::key(const std::string& name) {
  separate();
  out_ += scalar(name);
  out_ += ':';
  after_key_ = true;
  return *this;
}

JsonOut& JsonOut::key(const char* name) { return key(std::string(name)); }

JsonOut& JsonOut::object() {
  separate();
  out_ += '{';
  first_.push_back(true);
  closers_ += '}';
  return *this;
}

JsonOut& JsonOut::array() {
  separate();
  out_ += '[';
  first_.push_back(true);
  closers_ += ']';
  return *this;
}

JsonOut& JsonOut::end() {
  out_ += closers_.back();
  closers_.pop_back();
  first_.pop_back();
  return *this;
}

JsonOut& JsonOut::raw(const std::string& json_text) {
  separate();
  out_ += json_text;
  return *this;
}

JsonOut& JsonOut::value(const nlohmann::json& j) { return raw(scalar(j)); }
JsonOut& JsonOut::value(const std::string& s) { return raw(scalar(s)); }
JsonOut& JsonOut::value(const char* s) { return raw(scalar(std::string(s))); }
JsonOut& JsonOut::value(double x) { return raw(scalar(x)); }
JsonOut& JsonOut::value(long x) { return raw(scalar(static_cast<long long>(x))); }
JsonOut& JsonOut::value(bool b) { return raw(b ? "true" : "false"); }
JsonOut& JsonOut::null() { return raw("null"); }

}  // namespace gpusizer::jsonio
