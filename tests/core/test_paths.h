#pragma once

#include <filesystem>

// Tests find their data through paths the build gives them, never the working folder.
inline std::filesystem::path testDataDir() { return SANDTABLE_TEST_DATA_DIR; }
inline std::filesystem::path rulesDir() { return SANDTABLE_RULES_DIR; }
inline std::filesystem::path scenariosDir() { return SANDTABLE_SCENARIOS_DIR; }
