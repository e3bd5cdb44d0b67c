#pragma once

#include "sandtable/expected.h"

#include <string>
#include <vector>

namespace sandtable {

/// One problem in a data file: the file, where in it (a JSON pointer such as
/// "/units/3/quality", or "line 4, column 7" for a syntax error) and what was expected.
struct Diagnostic {
    std::string file;
    std::string where;
    std::string message;

    /// "tables.json: /tables/0/cells/3/2: expected a whole number, found a string"
    std::string toString() const;
    friend bool operator==(const Diagnostic&, const Diagnostic&) = default;
};

/// Collects every problem found in one file, so that a user fixes them all at once.
class Diagnostics {
public:
    explicit Diagnostics(std::string file) : m_file(std::move(file)) {}

    void error(std::string where, std::string message);
    const std::vector<Diagnostic>& all() const { return m_all; }
    bool empty() const { return m_all.empty(); }
    const std::string& file() const { return m_file; }

private:
    std::string m_file;
    std::vector<Diagnostic> m_all;
};

/// What a loader returns: the value, or every problem that prevented it.
template <typename T> using LoadResult = Expected<T, std::vector<Diagnostic>>;

/// All diagnostics as lines of text.
std::string toString(const std::vector<Diagnostic>& diagnostics);

} // namespace sandtable
