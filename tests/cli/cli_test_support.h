#pragma once

// Runs sandtable-cli's verbs in the test process and keeps what they print.

#include "cli.h"

#include <sstream>
#include <string>
#include <vector>

namespace clitest {

struct CliRun {
    int exitCode;
    std::string out;
    std::string err;
};

inline CliRun runCli(const std::vector<std::string>& args) {
    std::ostringstream out;
    std::ostringstream err;
    const int code = sandtable::cli::run(args, out, err);
    return {code, out.str(), err.str()};
}

} // namespace clitest
