// Catch2 runs the UI tests inside one QApplication on the off-screen platform.
#define CATCH_CONFIG_RUNNER
#include <QApplication>
#include <QStandardPaths>
#include <catch2/catch.hpp>

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    QApplication::setOrganizationName("Sandtable");
    QApplication::setApplicationName("Sandtable UI tests");
    // Settings and recent files go to a throwaway place, never the user's.
    QStandardPaths::setTestModeEnabled(true);
    return Catch::Session().run(argc, argv);
}
