#include "contract/json_write.hpp"

#include "common/text.hpp"

#include <cmath>


namespace gpusizer::jsonio {

void Writer::newline() {
  out_ += '\n';
  out_.append(static_cast<std::size_t>(indent_) * has_items_.size(), ' ');
}

void Writer::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (has_items_.empty()) return;
  if (has_items_.back()) out_ += ',';
  has_items_.back() = true;
  if (indent_ >= 0) newline();
}

Writer& Writer::key(std::string_view k) {
  before_value();
  append_escaped(out_, k);
  out_ += indent_ >= 0 ? ": " : ":";
  after_key_ = true;
  return *this;
}

Writer& Writer::begin_object() {
  before_value();
  out_ += '{';
  has_items_.push_back(false);
  return *this;
}

Writer& Writer::end_object() {
  const bool items = has_items_.back();
  has_items_.pop_back();
  if (indent_ >= 0 && items) newline();
  out_ += '}';
  return *this;
}

Writer& Writer::begin_array() {
  before_value();
  out_ += '[';
  has_items_.push_back(false);
  return *this;
}

Writer& Writer::end_array() { return end_object(), out_.back() = ']', *this; }

Writer& Writer::string(std::string_view s) {
  before_value();
  append_escaped(out_, s);
  return *this;
}

Writer& Writer::boolean(bool b) {
  before_value();
  out_ += b ? "true" : "false";
  return *this;
}

Writer& Writer::integer(long long i) {
  before_value();
  char buf[24];
  char* end = buf + sizeof buf;
  char* p = end;
  unsigned long long u = i < 0 ? 0ull - static_cast<unsigned long long>(i) : static_cast<unsigned long long>(i);
  do {
    *--p = static_cast<char>('0' + u % 10);
    u /= 10;
  } while (u);
  if (i < 0) *--p = '-';
  out_.append(p, static_cast<std::size_t>(end - p));
  return *this;
}

Writer& Writer::number(double x) {
  before_value();
  if (!std::isfinite(x)) {
    out_ += "null";
    return *this;
  }
  out_ += Value(x).dump();
  return *this;
}

Writer& Writer::null() {
  before_value();
  out_ += "null";
  return *this;
}

Writer& Writer::raw(std::string_view json) {
  before_value();
  out_ += json;
  return *this;
}

Writer& Writer::value(const Value& v) {
  using T = Value::value_t;
  switch (v.type()) {
    case T::object:
      begin_object();
      for (auto it = v.begin(); it != v.end(); ++it) key(it.key()).value(*it);
      return end_object();
    case T::array:
      begin_array();
      for (const Value& item : v) value(item);
      return end_array();
    case T::string: return string(v.get_ref<const std::string&>());
    case T::boolean: return boolean(v.get<bool>());
    case T::number_float: return number(v.get<double>());
    case T::null: return null();
    default: {  // integers, signed or not, and (never in JSON text) binary
      before_value();
      out_ += v.dump();
      return *this;
    }
  }
}

namespace {

// UTF-8 as nlohmann's serializer validates it (Hoehrmann's decoder): well-formed sequences
// only, no overlong forms, no surrogates, nothing above U+10FFFF. The continuation byte
// range a lead byte allows next.
struct Continuation {
  unsigned char lo, hi;
};

}  // namespace

void append_escaped(std::string& out, std::string_view s) {
  out += '"';
  std::size_t accepted = out.size();  // the end of the last complete code point written
  int pending = 0;                    // continuation bytes still expected
  Continuation next{0x80, 0xBF};
  auto replace = [&] {
    out.resize(accepted);
    out += "\xEF\xBF\xBD";
    accepted = out.size();
  };
  // Printable ASCII but the quote and the backslash: as it is.
  auto plain = [](char c) {
    const auto b = static_cast<unsigned char>(c);
    return b >= 0x20 && b < 0x80 && c != '"' && c != '\\';
  };
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (pending == 0 && plain(s[i])) {
      // Most of the text: a run of it appended at once, not byte by byte.
      std::size_t end = i + 1;
      while (end < s.size() && plain(s[end])) ++end;
      out.append(s.data() + i, end - i);
      accepted = out.size();
      i = end - 1;
      continue;
    }
    const auto byte = static_cast<unsigned char>(s[i]);
    if (pending > 0) {
      if (byte < next.lo || byte > next.hi) {
        // An invalid byte inside a sequence: the sequence becomes one replacement character
        // and the byte is read again on its own.
        replace();
        pending = 0;
        --i;
        continue;
      }
      out += static_cast<char>(byte);
      next = {0x80, 0xBF};
      if (--pending == 0) accepted = out.size();
      continue;
    }
    if (byte < 0x80) {
      switch (byte) {
        case '\b': out += "\\b"; break;
        case '\t': out += "\\t"; break;
        case '\n': out += "\\n"; break;
        case '\f': out += "\\f"; break;
        case '\r': out += "\\r"; break;
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        default:
          if (byte <= 0x1F) {
            out += "\\u00";
            out += "0123456789abcdef"[byte >> 4];
            out += "0123456789abcdef"[byte & 15];
          } else {
            out += static_cast<char>(byte);
          }
      }
      accepted = out.size();
      continue;
    }
    // A lead byte: how many continuation bytes follow, and the range of the first.
    const Utf8Lead lead = utf8_lead(byte);
    if (lead.length == 0) {
      replace();  // a stray continuation byte or a byte that never starts a sequence: skipped
      continue;
    }
    pending = lead.length - 1;
    next = {lead.lo, lead.hi};
    out += static_cast<char>(byte);
  }
  if (pending > 0) replace();  // the string ends inside a sequence
  out += '"';
}

}  // namespace gpusizer::jsonio
