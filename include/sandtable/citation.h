#pragma once

#include <string>

namespace sandtable {

/// Where a rule comes from: a file of shared/rules and the heading in it, e.g.
/// {"003_524828208fa59482.txt", "FIRING MODIFIERS TO DIE ROLL"}.
struct Citation {
    std::string file;
    std::string heading;

    bool empty() const { return file.empty(); }
    /// 003_524828208fa59482.txt, "FIRING MODIFIERS TO DIE ROLL"
    std::string toString() const;
    friend bool operator==(const Citation&, const Citation&) = default;
};

} // namespace sandtable
