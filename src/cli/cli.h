#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace sandtable::cli {

/// Exit codes: 0 done, 2 the input was wrong (the message says what and where).
inline constexpr int exitOk = 0;
inline constexpr int exitBadInput = 2;

/// Runs sandtable-cli with `args` (without the program name), writing results to `out`
/// and one-line errors to `err`.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace sandtable::cli
