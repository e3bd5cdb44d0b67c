#include "about_dialog.h"

#include "sandtable/page_text.h"
#include "sandtable/ruleset_registry.h"
#include "shipped_files.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFileInfo>
#include <QMessageBox>
#include <QUrl>

namespace sandtable::ui {

namespace {

QString escaped(const std::string& text) { return QString::fromStdString(htmlEscaped(text)); }

} // namespace

QString aboutText() {
    const QString version = QCoreApplication::applicationVersion();
    QString text = QStringLiteral("<h3>Sandtable %1</h3>").arg(version.isEmpty() ? QStringLiteral("(development build)") : version);
    text += QObject::tr("<p>A simulator for historical miniatures wargames: every die rolled in the open, with every "
                        "modifier, the exact odds and the rule that applies.</p><p><b>Rulesets</b></p><ul>");
    const ShippedFiles& files = shippedFiles();
    for (const RegisteredRuleset& registered : registeredRulesets()) {
        const auto ruleset = registered.create(nlohmann::json::object());
        if (!ruleset) {
            text += QStringLiteral("<li>%1: %2</li>").arg(escaped(registered.id), escaped(ruleset.error()));
            continue;
        }
        const RulesetInfo& info = (*ruleset)->info();
        const QString rules = files.ruleTexts + "/" + QString::fromStdString(info.sourceFile);
        const QString source =
            QFileInfo::exists(rules)
                ? QStringLiteral("<a href=\"%1\">%2</a>").arg(QUrl::fromLocalFile(rules).toString(), escaped(info.sourceFile))
                : escaped(info.sourceFile);
        text += QObject::tr("<li><b>%1</b>, version %2: from %3 (%4)</li>")
                    .arg(escaped(info.name), escaped(info.version), escaped(info.sourceTitle), source);
    }
    text += QStringLiteral("</ul>");
    text += QObject::tr("<p>Scenarios: %1<br>Rule texts: %2</p>").arg(files.scenarios.toHtmlEscaped(), files.ruleTexts.toHtmlEscaped());
    return text;
}

void showAbout(QWidget* parent) {
    QMessageBox box(parent);
    box.setWindowTitle(QObject::tr("About Sandtable"));
    box.setIconPixmap(QApplication::windowIcon().pixmap(96, 96));
    box.setTextFormat(Qt::RichText);
    box.setTextInteractionFlags(Qt::TextBrowserInteraction);
    box.setText(aboutText());
    box.exec();
}

} // namespace sandtable::ui
