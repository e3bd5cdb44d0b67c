#include "sandtable/kit/words.h"

#include "sandtable/table.h"

namespace sandtable::kit {

std::string inches(double value) { return lengthText(value, MeasureUnit::Inch); }

std::string possessive(const std::string& name) { return !name.empty() && name.back() == 's' ? name + "'" : name + "'s"; }

} // namespace sandtable::kit
