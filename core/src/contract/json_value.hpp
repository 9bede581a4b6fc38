// A JSON value as the core's parser builds it and its readers walk it (internal to contract/).
//
// It replaces nlohmann/json's DOM (std::map objects, a tree node per member, its exceptions and
// conversions), of which the readers used only lookups: the wasm module is 8 KB smaller, 3.5 KB
// gzipped. Objects keep nlohmann's order, members sorted by key with each key once (a repeated key keeps
// its last value), so the readers meet keys, and Writer::value writes them, as before.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpusizer::jsonio {

class Value {
 public:
  // Integers without '.', 'e' or 'E' stay integers (signed when negative), as nlohmann read them:
  // Writer::value writes them back without a fraction.
  enum class Type : unsigned char { null, boolean, integer, unsigned_integer, real, string, array, object };
  struct Member;

  Value() = default;
  explicit Value(bool b) : type_(Type::boolean) { u_.boolean = b; }
  explicit Value(double x) : type_(Type::real) { u_.real = x; }
  explicit Value(std::int64_t i) : type_(Type::integer) { u_.integer = i; }
  explicit Value(std::uint64_t u) : type_(Type::unsigned_integer) { u_.unsigned_integer = u; }
  explicit Value(std::string s);
  explicit Value(const char* s) : Value(std::string(s)) {}
  static Value array(std::vector<Value> elements = {});
  // `members` sorted by key, each key once (the parser's order; set() keeps it).
  static Value object(std::vector<Member> members = {});
  Value(const Value& other);
  Value(Value&& other) noexcept : type_(other.type_), u_(other.u_) { other.type_ = Type::null; }
  Value& operator=(const Value& other) { return *this = Value(other); }
  Value& operator=(Value&& other) noexcept {
    if (this != &other) {
      release();
      type_ = other.type_;
      u_ = other.u_;
      other.type_ = Type::null;
    }
    return *this;
  }
  ~Value() { release(); }

  Type type() const { return type_; }
  bool is_null() const { return type_ == Type::null; }
  bool is_boolean() const { return type_ == Type::boolean; }
  bool is_number() const { return type_ == Type::integer || type_ == Type::unsigned_integer || type_ == Type::real; }
  bool is_string() const { return type_ == Type::string; }
  bool is_array() const { return type_ == Type::array; }
  bool is_object() const { return type_ == Type::object; }

  // Each for its own type (a reader checks the type first); of another type: false, 0, "".
  bool boolean() const { return type_ == Type::boolean && u_.boolean; }
  double number() const;  // any number, as a double
  std::int64_t integer() const { return type_ == Type::integer ? u_.integer : 0; }
  std::uint64_t unsigned_integer() const { return type_ == Type::unsigned_integer ? u_.unsigned_integer : 0; }
  const std::string& string() const;

  // An array's elements, or an object's members (their count: size()); none for other types.
  const std::vector<Value>& elements() const;
  const std::vector<Member>& members() const;
  std::size_t size() const;
  const Value& operator[](std::size_t i) const { return elements()[i]; }
  void push_back(Value v);  // a null becomes an array

  // An object's member, or null when it has none of that key (or is not an object).
  const Value* find(std::string_view key) const;
  // Sets an object's member, in its place by key (a null becomes an object).
  Value& set(std::string key, Value v);
  // An object's member, added as null if it has none of that key (a null becomes an object).
  Value& member(std::string key);
  void erase(std::string_view key);

 private:
  // 16 bytes, as nlohmann's value was: a text of 2 MiB may hold a million values.
  Type type_ = Type::null;
  union Payload {
    bool boolean;
    std::int64_t integer;
    std::uint64_t unsigned_integer;
    double real = 0;
    std::string* string;
    std::vector<Value>* elements;
    std::vector<Member>* members;
  } u_;
  std::vector<Value>& own_elements();
  std::vector<Member>& own_members();
  void release();
};

struct Value::Member {
  std::string key;
  Value value;
};

}  // namespace gpusizer::jsonio
