#include "sandtable/diagnostics.h"

namespace sandtable {

std::string Diagnostic::toString() const {
    std::string text = file;
    text += ": ";
    text += where.empty() ? std::string("(the whole file)") : where;
    text += ": ";
    text += message;
    return text;
}

void Diagnostics::error(std::string where, std::string message) {
    m_all.push_back(Diagnostic{m_file, std::move(where), std::move(message)});
}

std::string toString(const std::vector<Diagnostic>& diagnostics) {
    std::string text;
    for (const Diagnostic& diagnostic : diagnostics) {
        text += diagnostic.toString();
        text += '\n';
    }
    return text;
}

} // namespace sandtable
