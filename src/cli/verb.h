#pragma once

#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace sandtable::cli {

/// Wrong input on the command line: the message is printed as one line, exit 2.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// A verb's arguments split into positionals and --options, checked against what
/// the verb accepts.
class VerbArguments {
public:
    VerbArguments(const std::vector<std::string>& args, const std::vector<std::string>& flags, const std::vector<std::string>& valued);

    bool has(const std::string& flag) const;
    std::optional<std::string> value(const std::string& option) const;
    const std::vector<std::string>& positionals() const { return m_positionals; }
    /// The one positional the verb needs, named for the error if it is missing.
    const std::string& single(const std::string& what) const;

private:
    std::vector<std::string> m_positionals;
    std::vector<std::string> m_flags;
    std::vector<std::pair<std::string, std::string>> m_values;
};

struct Verb {
    const char* name;
    const char* summary;
    const char* usage; // the --help text
    int (*run)(const VerbArguments& args, std::ostream& out);
    std::vector<std::string> flags;
    std::vector<std::string> valued;
};

const std::vector<Verb>& verbs();

int runRoll(const VerbArguments& args, std::ostream& out);
int runOdds(const VerbArguments& args, std::ostream& out);
int runRulesets(const VerbArguments& args, std::ostream& out);
int runPreview(const VerbArguments& args, std::ostream& out);
int runOffers(const VerbArguments& args, std::ostream& out);
int runResolve(const VerbArguments& args, std::ostream& out);
int runPlay(const VerbArguments& args, std::ostream& out);
int runReplay(const VerbArguments& args, std::ostream& out);
int runRefight(const VerbArguments& args, std::ostream& out);
int runBattleReport(const VerbArguments& args, std::ostream& out);
int runValidate(const VerbArguments& args, std::ostream& out);
int runNewBattle(const VerbArguments& args, std::ostream& out);
int runReference(const VerbArguments& args, std::ostream& out);
int runRoster(const VerbArguments& args, std::ostream& out);

} // namespace sandtable::cli
