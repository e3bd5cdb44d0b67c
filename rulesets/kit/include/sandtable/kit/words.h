#pragma once

#include <string>

namespace sandtable::kit {

/// "7\"", "6.5\"": the core's length text in inches, for rulesets measured in inches.
std::string inches(double value);
/// "Poor's line", "the Rifles' fire": a name with its possessive.
std::string possessive(const std::string& name);

} // namespace sandtable::kit
