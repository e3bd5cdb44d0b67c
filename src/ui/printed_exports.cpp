#include "printed_exports.h"

#include "sandtable/battle_report.h"
#include "sandtable/reference_sheet.h"
#include "sandtable/roster.h"
#include "sandtable/ruleset_registry.h"
#include "scenario_document.h"
#include "table_image.h"
#include "table_scene.h"

#include <QFile>
#include <QPainter>
#include <QSvgGenerator>

namespace sandtable::ui {

print::PrintedDocument referenceSheetDocument(const Ruleset& ruleset) {
    const RegisteredRuleset* registered = findRuleset(ruleset.info().id);
    const auto sheet = referenceSheet(registered != nullptr ? registered->data : std::string_view(), ruleset.options());
    if (!sheet) {
        // Only a build whose compiled-in data is broken gets here: the page says so.
        return {QString::fromStdString(ruleset.info().name),
                QStringLiteral("<p>%1</p>").arg(QString::fromStdString(htmlEscaped(sheet.error()))),
                {}};
    }
    return {QString::fromStdString(sheet->title), QString::fromStdString(toHtml(*sheet)), {}};
}

print::PrintedDocument rosterDocument(const Battle& battle, const Ruleset& ruleset, const std::string& title, const std::string& when) {
    const Roster units = roster(battle, ruleset, title, when);
    return {QString::fromStdString(units.title), QString::fromStdString(toHtml(units)), {}};
}

std::optional<print::PrintedDocument> battleReportDocument(const Game& game, const std::function<bool(int, int)>& progress) {
    const BattleReport report = battleReport(game, ReportPictures::TurnByTurn);
    // One scene draws every picture, the battle changed under it between drawings.
    ScenarioDocument drawn(game.scenario());
    TableScene scene(drawn);
    // 600 px across the page (Qt prints rich text at 96 px an inch, and A4 or Letter less
    // the 2 cm margins is about 640 px), drawn at 2.5 times that for print, in the
    // table's proportions.
    const QRectF table = scene.sceneRect();
    const PictureSize shown{600, qRound(600 * table.height() / table.width())};
    const QSize size(shown.width * 5 / 2, shown.height * 5 / 2);
    print::PrintedDocument document{QString::fromStdString(report.title), QString::fromStdString(toHtml(report, shown)), {}};
    const int total = static_cast<int>(report.pictures.size());
    for (int index = 0; index < total; ++index) {
        drawn.setBattle(report.pictures[static_cast<std::size_t>(index)].battle);
        document.images.insert(QString::fromStdString(pictureUrl(static_cast<std::size_t>(index))), renderTableImage(scene, size));
        if (!progress(index + 1, total)) {
            return std::nullopt;
        }
    }
    return document;
}

QString writeTableSvg(TableScene& scene, const QString& path, const QString& title) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return QStringLiteral("%1 could not be written: %2").arg(path, file.errorString());
    }
    // The drawing keeps the table's proportions: a millimetre of table is a unit of the SVG.
    const QRectF table = scene.sceneRect();
    const QSize size(qRound(table.width()), qRound(table.height()));
    QSvgGenerator svg;
    svg.setOutputDevice(&file);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(title);
    svg.setDescription(QStringLiteral("Drawn by Sandtable"));
    QPainter painter(&svg);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    const TableScene::DrawnAfresh drawn(scene); // lines and text in the drawing, not pictures of them
    scene.render(&painter, QRectF(QPointF(0, 0), QSizeF(size)), table, Qt::IgnoreAspectRatio);
    painter.end();
    if (file.error() != QFileDevice::NoError) {
        return QStringLiteral("%1 could not be written: %2").arg(path, file.errorString());
    }
    return {};
}

} // namespace sandtable::ui
