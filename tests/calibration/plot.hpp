// Predicted against published (or measured) on log-log axes, as an SVG for docs/accuracy.md:
// the diagonal is a perfect prediction, the band around it 1.5x either way.
#pragma once

#include <string>
#include <vector>

namespace gpusizer::calibration {

struct PlotPoint {
  double published = 0, predicted = 0;
  int series = 0;  // index into Plot::series
  std::string label;  // a tooltip (SVG <title>)
};

struct Plot {
  std::string title, axis_published, axis_predicted;
  std::vector<std::string> series;  // legend names, drawn in order
  std::vector<PlotPoint> points;
};

std::string svg_plot(const Plot& plot);

}  // namespace gpusizer::calibration
