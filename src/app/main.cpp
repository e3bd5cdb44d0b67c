// sandtable: the desktop application. Everything but argument handling is in src/ui.

#include "application_icon.h"
#include "main_window.h"
#include "scenario_document.h"
#include "shipped_files.h"
#include "table_image.h"
#include "table_scene.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QRegularExpression>
#include <cstdio>

namespace {

// A side past this makes an image of hundreds of megabytes for no table a screen shows.
constexpr int maximumShotSide = 8000;

int screenshot(const QString& scenarioPath, const QString& out, const QString& sizeText) {
    const QRegularExpressionMatch size = QRegularExpression("^(\\d{2,5})x(\\d{2,5})$").match(sizeText);
    if (!size.hasMatch()) {
        std::fprintf(stderr, "sandtable: --size needs WIDTHxHEIGHT in pixels, such as 1600x900, found '%s'\n", qPrintable(sizeText));
        return 2;
    }
    if (size.captured(1).toInt() > maximumShotSide || size.captured(2).toInt() > maximumShotSide) {
        std::fprintf(stderr, "sandtable: --size: a screenshot may be at most %dx%d pixels, found '%s'\n", maximumShotSide, maximumShotSide,
                     qPrintable(sizeText));
        return 2;
    }
    if (scenarioPath.endsWith(".sandtable")) {
        std::fprintf(stderr, "sandtable: %s is a saved game, not a scenario: open it in the window (sandtable %s)\n",
                     qPrintable(scenarioPath), qPrintable(scenarioPath));
        return 2;
    }
    const auto loaded = sandtable::loadScenario(scenarioPath.toStdString());
    if (!loaded) {
        std::fprintf(stderr, "sandtable: cannot open the scenario:\n%s", sandtable::toString(loaded.error()).c_str());
        return 2;
    }
    sandtable::ui::ScenarioDocument document(*loaded, scenarioPath);
    sandtable::ui::TableScene scene(document);
    const QImage image = sandtable::ui::renderTableImage(scene, QSize(size.captured(1).toInt(), size.captured(2).toInt()));
    if (!image.save(out, "PNG")) {
        std::fprintf(stderr, "sandtable: cannot write %s\n", qPrintable(out));
        return 2;
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    // A screenshot needs no screen: take the off-screen platform unless one was chosen.
    for (int i = 1; i < argc; ++i) {
        if (QString(argv[i]) == "--screenshot" && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
            qputenv("QT_QPA_PLATFORM", "offscreen");
        }
    }
    QApplication app(argc, argv);
    QApplication::setOrganizationName("Sandtable");
    QApplication::setApplicationName("Sandtable");
    QApplication::setApplicationVersion(QStringLiteral(SANDTABLE_VERSION));
    // The desktop entry this window belongs to (its icon in the task bar, its file types).
    QGuiApplication::setDesktopFileName(QStringLiteral("org.sandtable.Sandtable"));
    QApplication::setWindowIcon(sandtable::ui::applicationIcon());

    QCommandLineParser parser;
    parser.setApplicationDescription("Sandtable: a simulator for historical miniatures wargames.");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("file", "The scenario (.json) or saved game (.sandtable) to open "
                                         "(default: the sample table in inches).");
    parser.addOption({"data-dir", "Where autosaves are kept (default: the user's data folder).", "DIR"});
    parser.addOption({"screenshot", "Render the table as it opens to OUT.png and exit, with no window.", "OUT.png"});
    parser.addOption({"computer", "The computer plays these sides of the game (side ids separated by commas, or all).", "SIDES"});
    parser.addOption({"size", "The screenshot's size in pixels (default 1600x900).", "WxH", "1600x900"});
    parser.addOption({"print-data-folders", "Print where the shipped scenarios, rule texts and documents are read from, and exit."});
    parser.process(app);
    if (parser.isSet("print-data-folders")) {
        const sandtable::ui::ShippedFiles& files = sandtable::ui::shippedFiles();
        std::printf("scenarios: %s\nrule texts: %s\ndocuments: %s\ninstalled: %s\nyour files: %s\n", qPrintable(files.scenarios),
                    qPrintable(files.ruleTexts), qPrintable(files.docs), files.installed ? "yes" : "no (a build folder)",
                    qPrintable(sandtable::ui::playerFilesFolder()));
        return 0;
    }

    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        std::fprintf(stderr, "sandtable: one scenario or saved game at a time: found '%s' after '%s'\n", qPrintable(positional[1]),
                     qPrintable(positional[0]));
        return 2;
    }
    const QString scenario = positional.isEmpty() ? sandtable::ui::defaultScenarioPath() : positional.front();
    if (parser.isSet("screenshot")) {
        return screenshot(scenario, parser.value("screenshot"), parser.value("size"));
    }
    sandtable::ui::MainWindow window;
    if (parser.isSet("data-dir")) {
        window.setDataFolder(parser.value("data-dir"));
    }
    window.show();
    // A game left behind by a crash is offered first; restored, it is the game in play and
    // the file is not opened over it (the player can open it from the menu).
    if (!window.offerRecovery()) {
        const QString problems = window.openFile(scenario);
        if (!problems.isEmpty()) {
            // Said where it was asked for, and in the window, which else shows an empty table.
            std::fprintf(stderr, "sandtable: cannot open %s:\n%s", qPrintable(scenario), qPrintable(problems));
            window.reportNotOpened(scenario, problems);
        }
        if (parser.isSet("computer")) {
            window.setComputerSides(parser.value("computer").split(','));
        }
    }
    return app.exec();
}
