#include "cli.h"

#include "sandtable/printable.h"
#include "verb.h"

#include <algorithm>
#include <ostream>

namespace sandtable::cli {

namespace {

void printOverview(std::ostream& out) {
    out << "sandtable-cli: the headless Sandtable tool. It rolls dice through the same seeded\n"
           "stream the game uses and computes exact odds, for checking rulings at a real table.\n\n"
           "usage: sandtable-cli VERB [ARGUMENTS] [--help]\n\nverbs:\n";
    std::size_t widest = 0;
    for (const Verb& verb : verbs()) {
        widest = std::max(widest, std::string(verb.name).size());
    }
    for (const Verb& verb : verbs()) {
        out << "  " << verb.name << std::string(widest + 2 - std::string(verb.name).size(), ' ') << verb.summary << "\n";
    }
    out << "\nThe dice notation is described in docs/dice.md; `sandtable-cli VERB --help` for a verb.\n";
}

} // namespace

VerbArguments::VerbArguments(const std::vector<std::string>& args, const std::vector<std::string>& flags,
                             const std::vector<std::string>& valued) {
    bool optionsEnded = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        // "--" ends the options, so that an expression such as "--1d6" can be given.
        if (arg == "--" && !optionsEnded) {
            optionsEnded = true;
            continue;
        }
        // A lone '-' or a negative number such as "-3+d6" is a positional, not an option.
        const bool isOption = !optionsEnded && arg.size() > 2 && arg.rfind("--", 0) == 0;
        if (!isOption) {
            m_positionals.push_back(arg);
            continue;
        }
        std::string name = arg;
        std::optional<std::string> inlineValue;
        if (const auto eq = arg.find('='); eq != std::string::npos) {
            name = arg.substr(0, eq);
            inlineValue = arg.substr(eq + 1);
        }
        if (std::find(valued.begin(), valued.end(), name) != valued.end()) {
            if (!inlineValue) {
                if (i + 1 >= args.size()) {
                    throw UsageError(name + " needs a value");
                }
                inlineValue = args[++i];
            }
            if (value(name)) {
                throw UsageError(name + " is given twice ('" + printable(*value(name)) + "' and '" + printable(*inlineValue) + "')");
            }
            m_values.emplace_back(name, *inlineValue);
        } else if (std::find(flags.begin(), flags.end(), name) != flags.end() && !inlineValue) {
            m_flags.push_back(name);
        } else {
            throw UsageError("unknown option '" + printable(arg) + "'");
        }
    }
}

bool VerbArguments::has(const std::string& flag) const { return std::find(m_flags.begin(), m_flags.end(), flag) != m_flags.end(); }

std::optional<std::string> VerbArguments::value(const std::string& option) const {
    for (const auto& [name, value] : m_values) {
        if (name == option) {
            return value;
        }
    }
    return std::nullopt;
}

const std::string& VerbArguments::single(const std::string& what) const {
    if (m_positionals.empty()) {
        throw UsageError("missing " + what);
    }
    if (m_positionals.size() > 1) {
        throw UsageError("unexpected argument '" + printable(m_positionals[1]) + "' after " + what +
                         " (quote an expression that has spaces)");
    }
    return m_positionals.front();
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const auto isHelp = [](const std::string& word) { return word == "help" || word == "--help" || word == "-h"; };
    if (args.empty() || isHelp(args.front())) {
        // "help VERB" is VERB's usage; "help help", "help -h" and the like are the overview
        // (asking help of help once, not forever).
        if (args.size() > 1 && !isHelp(args[1])) {
            return run({args[1], "--help"}, out, err);
        }
        printOverview(out);
        return exitOk;
    }
    const auto& all = verbs();
    const auto verb = std::find_if(all.begin(), all.end(), [&](const Verb& v) { return args.front() == v.name; });
    if (verb == all.end()) {
        std::string names;
        for (const Verb& v : all) {
            names += (names.empty() ? "" : ", ") + std::string(v.name);
        }
        err << "sandtable-cli: unknown verb '" << printable(args.front()) << "' (verbs: " << names << ", help)\n";
        return exitBadInput;
    }
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (std::find(rest.begin(), rest.end(), "--help") != rest.end()) {
        out << verb->usage;
        return exitOk;
    }
    try {
        return verb->run(VerbArguments(rest, verb->flags, verb->valued), out);
    } catch (const UsageError& error) {
        err << "sandtable-cli: " << verb->name << ": " << error.what() << "\n";
        return exitBadInput;
    }
}

} // namespace sandtable::cli
