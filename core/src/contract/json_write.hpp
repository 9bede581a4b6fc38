// A JSON document written value by value, members in the order they are written (internal to
// contract/): the provider kit's answers, which lead with "ok" as every answer of the contract
// does. Scalars are serialized by nlohmann/json, so numbers and strings read exactly as in the
// other answers; invalid UTF-8 in a string is replaced, never refused.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace gpusizer::jsonio {

class JsonOut {
 public:
  JsonOut& key(const char* name);
  JsonOut& key(const std::string& name);
  JsonOut& object();  // opens {
  JsonOut& array();   // opens [
  JsonOut& end();     // closes the innermost
  JsonOut& value(const std::string& s);
  JsonOut& value(const char* s);
  JsonOut& value(double x);
  JsonOut& value(long x);
  JsonOut& value(bool b);
  JsonOut& value(const nlohmann::json& j);  // any value, as nlohmann writes it
  JsonOut& null();
  JsonOut& raw(const std::string& json_text);  // a value already written
  const std::string& text() const { return out_; }

 private:
  std::string out_;
  std::vector<bool> first_;  // per open container: nothing written in it yet
  std::string closers_;      // per open container: '}' or ']'
  bool after_key_ = false;
  void separate();
};

}  // namespace gpusizer::jsonio
