#pragma once

#include "sandtable/battle.h"
#include "sandtable/ruleset.h"

#include <iosfwd>
#include <nlohmann/json.hpp>

namespace sandtable::cli {

/// A preview as a player reads it: facts, targets, every modifier ticked or not with its
/// citation, the exact odds with bars, and the rulings it relies on.
void printPreview(std::ostream& out, const Battle& battle, const Preview& preview);
nlohmann::ordered_json previewJson(const Battle& battle, const Preview& preview);

/// A resolution: every roll and lookup with its citation, what changed, any prompt.
void printResolution(std::ostream& out, const Battle& before, const Resolution& resolution);
nlohmann::ordered_json resolutionJson(const Battle& before, const Resolution& resolution);

nlohmann::ordered_json citationJson(const Citation& citation);
/// Boxes as a player and a script read them: " C2 [2, 1] D3 [3, 2]", and [[2, 1], [3, 2]].
std::string boxesText(const std::vector<Box>& boxes);
nlohmann::ordered_json boxesJson(const std::vector<Box>& boxes);

} // namespace sandtable::cli
