// Catch2 runs the UI tests inside one QApplication on the off-screen platform.
#define CATCH_CONFIG_RUNNER
#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    QApplication::setOrganizationName("Sandtable");
    QApplication::setApplicationName("Sandtable UI tests");
    // Settings and recent files go to a throwaway place, never the user's; and a place of
    // this process's own, since ctest runs the test cases side by side as processes.
    QStandardPaths::setTestModeEnabled(true);
    const QTemporaryDir settingsFolder;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsFolder.path());
    return Catch::Session().run(argc, argv);
}
