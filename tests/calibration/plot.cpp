#include "plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gpusizer::calibration {
namespace {

std::string escaped(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

std::string fmt(const char* f, double a) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, a);
  return buf;
}

// 1e-1 -> "0.1", 1e4 -> "10K", 1e7 -> "10M"
std::string tick(int decade) {
  static const char* const kNames[] = {"0.001", "0.01", "0.1", "1", "10", "100", "1K", "10K", "100K", "1M", "10M", "100M", "1G"};
  return decade >= -3 && decade <= 9 ? kNames[decade + 3] : "1e" + std::to_string(decade);
}

// Colour-blind-safe (Okabe-Ito) colours and a shape per series.
const char* const kColours[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00"};

}  // namespace

std::string svg_plot(const Plot& p) {
  const double width = 560, height = 480, left = 70, right = 20, top = 40, bottom = 60;
  double lo = HUGE_VAL, hi = 0;
  for (const PlotPoint& q : p.points)
    for (double v : {q.published, q.predicted})
      if (v > 0) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
  if (!(hi > 0)) lo = 1, hi = 10;
  const int d0 = static_cast<int>(std::floor(std::log10(lo))), d1 = static_cast<int>(std::ceil(std::log10(hi)));
  const int decades = std::max(1, d1 - d0);
  const double plot_w = width - left - right, plot_h = height - top - bottom;
  auto x = [&](double v) { return left + (std::log10(v) - d0) / decades * plot_w; };
  auto y = [&](double v) { return top + plot_h - (std::log10(v) - d0) / decades * plot_h; };
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + fmt("%.0f", width) + " " + fmt("%.0f", height) +
                  "\" font-family=\"sans-serif\" font-size=\"12\" role=\"img\" aria-label=\"" + escaped(p.title) + "\">\n";
  s += "<title>" + escaped(p.title) + "</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n";
  s += "<text x=\"" + fmt("%.0f", left) + "\" y=\"22\" font-size=\"14\" font-weight=\"bold\">" + escaped(p.title) + "</text>\n";
  // The 1.5x band and the diagonal.
  const double a = std::pow(10.0, d0), b = std::pow(10.0, d0 + decades);
  s += "<polygon fill=\"#eee\" points=\"" + fmt("%.1f", x(a)) + "," + fmt("%.1f", y(a * 1.5)) + " " + fmt("%.1f", x(b / 1.5)) + "," +
       fmt("%.1f", y(b)) + " " + fmt("%.1f", x(b)) + "," + fmt("%.1f", y(b)) + " " + fmt("%.1f", x(b)) + "," +
       fmt("%.1f", y(b / 1.5)) + " " + fmt("%.1f", x(a * 1.5)) + "," + fmt("%.1f", y(a)) + " " + fmt("%.1f", x(a)) + "," +
       fmt("%.1f", y(a)) + "\"/>\n";
  s += "<line stroke=\"#999\" x1=\"" + fmt("%.1f", x(a)) + "\" y1=\"" + fmt("%.1f", y(a)) + "\" x2=\"" + fmt("%.1f", x(b)) + "\" y2=\"" +
       fmt("%.1f", y(b)) + "\"/>\n";
  for (int d = d0; d <= d0 + decades; ++d) {
    const double v = std::pow(10.0, d);
    s += "<line stroke=\"#ddd\" x1=\"" + fmt("%.1f", x(v)) + "\" y1=\"" + fmt("%.1f", top) + "\" x2=\"" + fmt("%.1f", x(v)) + "\" y2=\"" +
         fmt("%.1f", top + plot_h) + "\"/>";
    s += "<line stroke=\"#ddd\" x1=\"" + fmt("%.1f", left) + "\" y1=\"" + fmt("%.1f", y(v)) + "\" x2=\"" + fmt("%.1f", left + plot_w) +
         "\" y2=\"" + fmt("%.1f", y(v)) + "\"/>";
    s += "<text text-anchor=\"middle\" x=\"" + fmt("%.1f", x(v)) + "\" y=\"" + fmt("%.1f", top + plot_h + 16) + "\">" + tick(d) + "</text>";
    s += "<text text-anchor=\"end\" x=\"" + fmt("%.1f", left - 6) + "\" y=\"" + fmt("%.1f", y(v) + 4) + "\">" + tick(d) + "</text>\n";
  }
  s += "<rect fill=\"none\" stroke=\"#666\" x=\"" + fmt("%.1f", left) + "\" y=\"" + fmt("%.1f", top) + "\" width=\"" + fmt("%.1f", plot_w) +
       "\" height=\"" + fmt("%.1f", plot_h) + "\"/>\n";
  s += "<text text-anchor=\"middle\" x=\"" + fmt("%.1f", left + plot_w / 2) + "\" y=\"" + fmt("%.1f", height - 22) + "\">" +
       escaped(p.axis_published) + "</text>\n";
  s += "<text text-anchor=\"middle\" transform=\"translate(18," + fmt("%.1f", top + plot_h / 2) + ") rotate(-90)\">" +
       escaped(p.axis_predicted) + "</text>\n";
  for (const PlotPoint& q : p.points) {
    if (!(q.published > 0) || !(q.predicted > 0)) continue;
    const char* colour = kColours[q.series % 5];
    s += "<circle cx=\"" + fmt("%.1f", x(q.published)) + "\" cy=\"" + fmt("%.1f", y(q.predicted)) + "\" r=\"4\" fill=\"" + colour +
         "\" fill-opacity=\"0.75\"><title>" + escaped(q.label) + "</title></circle>\n";
  }
  for (std::size_t i = 0; i < p.series.size(); ++i) {
    const double ly = top + 14 + 16.0 * static_cast<double>(i);
    s += "<circle cx=\"" + fmt("%.1f", left + 12) + "\" cy=\"" + fmt("%.1f", ly - 4) + "\" r=\"4\" fill=\"" + kColours[i % 5] + "\"/>";
    s += "<text x=\"" + fmt("%.1f", left + 22) + "\" y=\"" + fmt("%.1f", ly) + "\">" + escaped(p.series[i]) + "</text>\n";
  }
  s += "<text x=\"" + fmt("%.1f", left + plot_w - 6) + "\" y=\"" + fmt("%.1f", top + plot_h - 8) +
       "\" text-anchor=\"end\" fill=\"#666\">grey band: within 1.5x</text>\n";
  s += "</svg>\n";
  return s;
}

}  // namespace gpusizer::calibration
