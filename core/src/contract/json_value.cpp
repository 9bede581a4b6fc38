#include "contract/json_value.hpp"

#include <algorithm>
#include <stdexcept>

namespace gpusizer::jsonio {

namespace {

const std::string kNoString;
const std::vector<Value> kNoElements;
const std::vector<Value::Member> kNoMembers;

// The first member whose key is not below `key` (members are sorted by key).
template <class Members>
auto lower_bound(Members& members, std::string_view key) {
  return std::lower_bound(members.begin(), members.end(), key,
                          [](const Value::Member& m, std::string_view k) { return std::string_view(m.key) < k; });
}

}  // namespace

Value::Value(std::string s) : type_(Type::string) { u_.string = new std::string(std::move(s)); }

Value Value::array(std::vector<Value> elements) {
  Value v;
  v.type_ = Type::array;
  v.u_.elements = new std::vector<Value>(std::move(elements));
  return v;
}

Value Value::object(std::vector<Member> members) {
  Value v;
  v.type_ = Type::object;
  v.u_.members = new std::vector<Member>(std::move(members));
  return v;
}

Value::Value(const Value& other) : type_(other.type_), u_(other.u_) {
  switch (type_) {
    case Type::string: u_.string = new std::string(*other.u_.string); break;
    case Type::array: u_.elements = new std::vector<Value>(*other.u_.elements); break;
    case Type::object: u_.members = new std::vector<Member>(*other.u_.members); break;
    default: break;
  }
}

void Value::release() {
  switch (type_) {
    case Type::string: delete u_.string; break;
    case Type::array: delete u_.elements; break;
    case Type::object: delete u_.members; break;
    default: break;
  }
}

double Value::number() const {
  switch (type_) {
    case Type::integer: return static_cast<double>(u_.integer);
    case Type::unsigned_integer: return static_cast<double>(u_.unsigned_integer);
    case Type::real: return u_.real;
    default: return 0;
  }
}

const std::string& Value::string() const { return type_ == Type::string ? *u_.string : kNoString; }
const std::vector<Value>& Value::elements() const { return type_ == Type::array ? *u_.elements : kNoElements; }
const std::vector<Value::Member>& Value::members() const { return type_ == Type::object ? *u_.members : kNoMembers; }

std::size_t Value::size() const {
  return type_ == Type::object ? u_.members->size() : type_ == Type::array ? u_.elements->size() : 0;
}

// A null becomes an empty array or object, as nlohmann's push_back and operator[] made one;
// another type is a bug in the caller.
std::vector<Value>& Value::own_elements() {
  if (type_ == Type::null) *this = array();
  if (type_ != Type::array) throw std::logic_error("JSON: an element added to a value that is not an array");
  return *u_.elements;
}

std::vector<Value::Member>& Value::own_members() {
  if (type_ == Type::null) *this = object();
  if (type_ != Type::object) throw std::logic_error("JSON: a member added to a value that is not an object");
  return *u_.members;
}

void Value::push_back(Value v) { own_elements().push_back(std::move(v)); }

const Value* Value::find(std::string_view key) const {
  const std::vector<Member>& all = members();
  const auto it = lower_bound(all, key);
  return it != all.end() && it->key == key ? &it->value : nullptr;
}

Value& Value::member(std::string key) {
  std::vector<Member>& all = own_members();
  auto it = lower_bound(all, key);
  if (it == all.end() || it->key != key) it = all.insert(it, Member{std::move(key), Value()});
  return it->value;
}

Value& Value::set(std::string key, Value v) { return member(std::move(key)) = std::move(v); }

void Value::erase(std::string_view key) {
  if (type_ != Type::object) return;
  std::vector<Member>& all = *u_.members;
  const auto it = lower_bound(all, key);
  if (it != all.end() && it->key == key) all.erase(it);
}

}  // namespace gpusizer::jsonio
