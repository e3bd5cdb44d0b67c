#pragma once

#include <QString>

namespace sandtable::ui {

/// Where the files Sandtable ships are read from. Installed, they are under
/// PREFIX/share/sandtable, found from the program's own folder (so a package unpacked
/// under any root reads its own files); run from a build folder, the source tree.
struct ShippedFiles {
    QString scenarios; // the shipped scenarios
    QString ruleTexts; // the rule texts the rulesets cite (shared/rules)
    QString docs;      // README.md and docs/
    bool installed = false;
};

const ShippedFiles& shippedFiles();

/// The scenario the app opens when it is given none: the sample table in inches.
QString defaultScenarioPath();

/// The player's own scenarios and saved games: Documents/Sandtable, made on first use.
/// File dialogs start there (opening falls back to the shipped scenarios while it is empty).
QString playerFilesFolder();

/// Where a dialog to open a scenario or saved game starts.
QString openDialogFolder();

} // namespace sandtable::ui
