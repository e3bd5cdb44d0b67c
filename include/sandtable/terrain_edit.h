#pragma once

#include "sandtable/battle.h"

#include <string>
#include <vector>

namespace sandtable {

/// A feature's ids as the players adjust it: an area with the hill contours inside it (a
/// hill moves whole), or a line.
std::vector<std::string> featureGroup(const Battle& battle, const std::string& featureId);

/// The feature (with its group) moved by (dx, dy) millimetres. A hill's upper contour
/// stays inside the contour below it: a move that would take it out is not made, and
/// why is returned; empty when the feature moved.
std::string moveFeature(Battle& battle, const std::string& featureId, double dx, double dy);

/// The feature (with its group) scaled about the group's centre by `factor` (1.1: a tenth
/// larger). Lines scale along their length. An upper contour is not enlarged out of the
/// contour below it (why is returned; empty when it was scaled).
std::string scaleFeature(Battle& battle, const std::string& featureId, double factor);

/// The feature and its group taken off the table.
void removeFeature(Battle& battle, const std::string& featureId);

} // namespace sandtable
