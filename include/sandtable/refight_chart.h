#pragma once

#include "sandtable/refight_summary.h"

#include <string>

namespace sandtable {

/// The refights' distributions drawn as an SVG document: a histogram of the turn the
/// battles ended in, then for each side a row of histograms of the units it had lost by
/// the end of each turn; where the scenario gives the report's course, its figure is drawn
/// on each as a line. Plain SVG 1.1 text, the same bytes for the same summary: a front end
/// shows it, the CLI writes it or renders it to PNG.
std::string refightChartSvg(const RefightSummary& summary);

} // namespace sandtable
