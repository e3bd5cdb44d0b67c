#pragma once

#include "printed_pages.h"
#include "sandtable/game.h"

#include <QString>
#include <functional>
#include <optional>

namespace sandtable::ui {

class TableScene;

/// The quick-reference sheet of `ruleset` with its options as chosen, as printed pages.
print::PrintedDocument referenceSheetDocument(const Ruleset& ruleset);

/// Each side's units of `battle` as `ruleset` reads them; `when` says where it stands.
print::PrintedDocument rosterDocument(const Battle& battle, const Ruleset& ruleset, const std::string& title, const std::string& when);

/// The battle report of `game` with the table drawn at the start and the end of each
/// turn. `progress(done, total)` is told after each drawing and returns false to cancel,
/// which returns nothing.
std::optional<print::PrintedDocument> battleReportDocument(const Game& game, const std::function<bool(int, int)>& progress);

/// The whole table drawn as SVG (lines, areas and text as vectors) into `path`; an empty
/// string, or what went wrong.
QString writeTableSvg(TableScene& scene, const QString& path, const QString& title);

} // namespace sandtable::ui
