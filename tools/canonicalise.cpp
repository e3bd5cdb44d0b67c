// Rewrites scenario files in their canonical form (load, then write): what the test that
// every shipped scenario is canonical expects. Build: make canonicalise; run it on files.
#include "sandtable/scenario.h"

#include <iostream>

int main(int argc, char** argv) {
    int status = 0;
    for (int i = 1; i < argc; ++i) {
        auto loaded = sandtable::loadScenario(argv[i]);
        if (!loaded) {
            std::cerr << sandtable::toString(loaded.error()) << "\n";
            status = 2;
            continue;
        }
        if (const std::string problem = sandtable::writeFileAtomically(argv[i], sandtable::toJsonText(*loaded)); !problem.empty()) {
            std::cerr << argv[i] << ": " << problem << "\n";
            status = 2;
        }
    }
    return status;
}
