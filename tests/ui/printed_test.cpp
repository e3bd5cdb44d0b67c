// The window's printed and exported pages: the table as SVG, the quick-reference sheet and
// the roster as PDF, the battle report as PDF with the table drawn turn by turn, Help >
// About, and where a build folder's app finds the files it ships.

#include "about_dialog.h"
#include "game_controller.h"
#include "printed_exports.h"
#include "sandtable/battle_report.h"
#include "sandtable/computer_player.h"
#include "sandtable/ruleset_registry.h"
#include "shipped_files.h"
#include "table_scene.h"
#include "ui_test_support.h"

#include <QFile>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

using namespace sandtable;
using namespace sandtable::ui;
using uitest::OpenWindow;

namespace {

QByteArray contents(const QString& path) {
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    return file.readAll();
}

// What a poppler tool prints for `pdf`: the words (pdftotext) or the images (pdfimages).
QString poppler(const QString& tool, const QStringList& arguments) {
    QProcess process;
    process.start(tool, arguments);
    REQUIRE(process.waitForFinished(60000));
    REQUIRE(process.exitCode() == 0);
    return QString::fromUtf8(process.readAllStandardOutput()).simplified();
}

// The computer plays every side through the window until `turn` begins, then `actions`
// more actions of it (fewer if the turn ends first).
void playIntoTurn(GameController& controller, int turn, int actions) {
    const auto play = [&controller] {
        const std::string side = sideToDecide(controller.game());
        const auto played =
            playComputerAction(controller.game(), side, [&](const Action& action) { return controller.perform(action).toStdString(); });
        REQUIRE(played);
    };
    while (controller.game().status().turn < turn && !controller.game().status().over) {
        play();
    }
    for (int done = 0; done < actions && controller.game().status().turn == turn && !controller.game().status().over; ++done) {
        play();
    }
    REQUIRE(controller.game().status().turn == turn);
}

} // namespace

TEST_CASE("the table exports as an SVG drawing in the table's proportions, and as PNG", "[ui][printed][svg]") {
    QTemporaryDir folder;
    OpenWindow open("ozz-winkie-border.json", 5);
    const QString svg = folder.filePath("table.svg");
    REQUIRE(open.window.exportTable(svg).isEmpty());
    const QByteArray drawing = contents(svg);
    CHECK(drawing.contains("<svg"));
    CHECK(drawing.contains("</svg>"));
    // A millimetre of table to a unit of the drawing: the 6 ft by 4 ft table and the
    // margin round it that the window shows.
    const QRectF shown = open.view().scene()->sceneRect();
    CHECK(shown.width() == Approx(1828.8 + 60).margin(1));
    CHECK(drawing.contains(QStringLiteral("viewBox=\"0 0 %1 %2\"").arg(qRound(shown.width())).arg(qRound(shown.height())).toUtf8()));
    CHECK(drawing.contains("<title>Skirmish on the Winkie Border</title>"));
    // The units' names are text in the drawing, not pixels.
    CHECK(drawing.contains(QByteArray::fromStdString(open.battle().units.front().name)));
    if (const QByteArray shots = qgetenv("SANDTABLE_UI_SHOTS"); !shots.isEmpty()) {
        QFile::copy(svg, QString::fromLocal8Bit(shots) + "/table.svg");
    }
    const QString png = folder.filePath("table.png");
    REQUIRE(open.window.exportTable(png).isEmpty());
    CHECK(contents(png).startsWith("\x89PNG"));
    // All table: the image has the table's proportions, its corners the table's and not a band's.
    const QImage image(png);
    const QRectF table = open.window.tableView()->tableScene()->sceneRect();
    CHECK(std::max(image.width(), image.height()) == 2400);
    CHECK(double(image.width()) / image.height() == Approx(table.width() / table.height()).epsilon(0.01));
    CHECK_FALSE(open.window.exportTable("/no/such/folder/table.svg").isEmpty());
    CHECK(open.window.logText().contains("Exported the table to " + svg));
}

TEST_CASE("the quick-reference sheet and the roster print as PDF from the window", "[ui][printed][pdf]") {
    QTemporaryDir folder;
    OpenWindow open("einsamenhugel-battle.json", 5);
    const QString sheet = folder.filePath("sheet.pdf");
    REQUIRE(open.window.exportReferenceSheet(sheet, QPageSize::Letter).isEmpty());
    CHECK(contents(sheet).startsWith("%PDF"));
    const QString words = poppler("pdftotext", {sheet, "-"});
    CHECK(words.contains("Rulings in force"));
    CHECK(words.contains("Musketry: score needed for a hit"));
    CHECK(poppler("pdfinfo", {sheet}).contains("612 x 792 pts"));

    const QString roster = folder.filePath("roster.pdf");
    REQUIRE(open.window.exportRoster(roster, QPageSize::A4).isEmpty());
    const QString units = poppler("pdftotext", {roster, "-"});
    for (const Unit& unit : open.battle().units) {
        // Word by word: a long name wraps in its column.
        for (const QString& word : QString::fromStdString(unit.name).split(' ', Qt::SkipEmptyParts)) {
            CHECK(units.contains(word));
        }
    }
    CHECK(open.window.exportRoster("/no/such/folder/roster.pdf", QPageSize::A4).contains("cannot write /no/such/folder/roster.pdf"));
}

TEST_CASE("the battle report prints as PDF with the table drawn at the start and the end of each turn", "[ui][printed][report]") {
    QTemporaryDir folder;
    OpenWindow open("ozz-winkie-border.json", 7);
    GameController& controller = *open.window.gameController();
    playIntoTurn(controller, 3, 1);
    const BattleReport report = battleReport(controller.game(), ReportPictures::TurnByTurn);
    // The start, the end of turns 1 and 2, and the table as it stands.
    REQUIRE(report.pictures.size() == 4);
    CHECK(report.pictures.front().caption == "The table at the start");
    CHECK(report.pictures[1].caption == "The table at the end of turn 1");
    CHECK(report.pictures[2].caption == "The table at the end of turn 2");
    CHECK(report.pictures[3].caption == "The table as the report ends, in turn 3");
    CHECK(report.pictures[3].beforeSection == report.sections.size());
    // A report that stops as a turn ends draws that turn's end last.
    OpenWindow ended("ozz-winkie-border.json", 7);
    playIntoTurn(*ended.window.gameController(), 2, 0);
    const BattleReport toTurnTwo = battleReport(ended.window.gameController()->game(), ReportPictures::TurnByTurn);
    // The action that began turn 2 is the last: it is told in turn 1, whose end ends the report.
    CHECK(toTurnTwo.pictures.back().caption == "The table at the end of turn 1");
    CHECK(toTurnTwo.pictures.size() == 2);
    // Each picture stands before the first section of the turn it begins.
    CHECK(report.sections[report.pictures[1].beforeSection].heading.starts_with("Turn 2"));
    CHECK(report.sections[report.pictures[2].beforeSection].heading.starts_with("Turn 3"));

    const QString pdf = folder.filePath("report.pdf");
    REQUIRE(open.window.exportBattleReport(pdf, QPageSize::A4).isEmpty());
    const QString images = poppler("pdfimages", {"-list", pdf});
    CHECK(images.count(" image ") == 4);
    CHECK(poppler("pdftotext", {pdf, "-"}).contains("The table at the end of turn 2"));
    if (const QByteArray shots = qgetenv("SANDTABLE_UI_SHOTS"); !shots.isEmpty()) {
        QFile::copy(pdf, QString::fromLocal8Bit(shots) + "/battle-report.pdf");
    }

    // Cancelled part way, nothing is made.
    int told = 0;
    CHECK_FALSE(battleReportDocument(controller.game(), [&told](int done, int total) {
        CHECK(total == 4);
        ++told;
        return done < 2;
    }));
    CHECK(told == 2);
}

TEST_CASE("Help > About names the version, every ruleset with its version and its source", "[ui][about]") {
    const QString text = aboutText();
    for (const RegisteredRuleset& registered : registeredRulesets()) {
        const auto ruleset = registered.create(nlohmann::json::object());
        REQUIRE(ruleset);
        const RulesetInfo& info = (*ruleset)->info();
        CHECK(text.contains(QString::fromStdString(info.name).toHtmlEscaped()));
        CHECK(text.contains("version " + QString::fromStdString(info.version)));
        CHECK(text.contains(QString::fromStdString(info.sourceTitle).toHtmlEscaped()));
        CHECK(text.contains(QString::fromStdString(info.sourceFile)));
    }
}

TEST_CASE("run from a build folder, the app reads the source tree's scenarios and rule texts", "[ui][files]") {
    const ShippedFiles& files = shippedFiles();
    CHECK_FALSE(files.installed);
    CHECK(QFile::exists(files.scenarios + "/sample-inches.json"));
    CHECK(QFile::exists(files.ruleTexts + "/README.md"));
    CHECK(QFile::exists(defaultScenarioPath()));
}
