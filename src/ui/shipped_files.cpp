#include "shipped_files.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace sandtable::ui {

namespace {

// Set by src/ui/CMakeLists.txt: the installed folders relative to the program's folder
// (from GNUInstallDirs), and this build's source tree.
constexpr const char* dataFromProgram = SANDTABLE_DATA_FROM_PROGRAM;
constexpr const char* docsFromProgram = SANDTABLE_DOCS_FROM_PROGRAM;
constexpr const char* sourceTree = SANDTABLE_SOURCE_TREE;
constexpr const char* sourceRuleTexts = SANDTABLE_SOURCE_RULE_TEXTS;

ShippedFiles locate() {
    const QDir program(QCoreApplication::applicationDirPath());
    const QString data = QDir::cleanPath(program.filePath(QString::fromUtf8(dataFromProgram)));
    if (QFileInfo::exists(data + "/scenarios")) {
        return {data + "/scenarios", data + "/rules", QDir::cleanPath(program.filePath(QString::fromUtf8(docsFromProgram))), true};
    }
    const QString source = QString::fromUtf8(sourceTree);
    return {source + "/scenarios", QDir::cleanPath(QString::fromUtf8(sourceRuleTexts)), source, false};
}

} // namespace

const ShippedFiles& shippedFiles() {
    static const ShippedFiles files = locate();
    return files;
}

QString defaultScenarioPath() { return shippedFiles().scenarios + "/sample-inches.json"; }

QString playerFilesFolder() {
    QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (documents.isEmpty()) {
        documents = QDir::homePath();
    }
    const QString folder = documents + "/Sandtable";
    QDir().mkpath(folder);
    return folder;
}

QString openDialogFolder() {
    const QString own = playerFilesFolder();
    const bool empty = QDir(own).entryList({"*.json", "*.sandtable"}, QDir::Files).isEmpty();
    return empty ? shippedFiles().scenarios : own;
}

} // namespace sandtable::ui
