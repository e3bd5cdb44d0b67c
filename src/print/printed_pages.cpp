#include "printed_pages.h"

#include <QAbstractTextDocumentLayout>
#include <QFile>
#include <QFont>
#include <QGuiApplication>
#include <QPdfWriter>
#include <QTextDocument>
#include <memory>

namespace sandtable::print {

std::optional<QPageSize::PageSizeId> paperFromName(const QString& name) {
    const QString lower = name.toLower();
    if (lower == "a4") {
        return QPageSize::A4;
    }
    if (lower == "letter") {
        return QPageSize::Letter;
    }
    return std::nullopt;
}

QPageLayout pageLayout(QPageSize::PageSizeId paper) {
    // No margins of the device's own: QTextDocument::print sets 2 cm round the text and
    // numbers the pages in them.
    return QPageLayout(QPageSize(paper), QPageLayout::Portrait, QMarginsF(0, 0, 0, 0), QPageLayout::Millimeter);
}

std::unique_ptr<QTextDocument> layOut(const PrintedDocument& document) {
    auto text = std::make_unique<QTextDocument>();
    // Printed text is set in points, whatever the screen: a sans face that has every
    // character the rules use (×, ½, ≥, umlauts).
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setStyleHint(QFont::SansSerif);
    font.setPointSizeF(8.5);
    // No ligatures: "fi" stays two letters, so the PDF's text searches and copies as the
    // rules write it (a reader's search for "fire" would miss "ﬁre").
    font.setStyleStrategy(QFont::PreferNoShaping);
    text->setDefaultFont(font);
    text->setMetaInformation(QTextDocument::DocumentTitle, document.title);
    for (auto image = document.images.begin(); image != document.images.end(); ++image) {
        text->addResource(QTextDocument::ImageResource, QUrl(image.key()), image.value());
    }
    // Left without a page size: QTextDocument::print then pages a copy at the device's
    // page, with its margins and page numbers.
    text->setHtml(document.html);
    return text;
}

std::optional<QString> writePdf(const PrintedDocument& document, const QString& path, QPageSize::PageSizeId paper) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
    }
    QPdfWriter pdf(&file);
    pdf.setTitle(document.title);
    pdf.setCreator(QStringLiteral("Sandtable"));
    pdf.setResolution(300);
    pdf.setPageLayout(pageLayout(paper));
    layOut(document)->print(&pdf);
    return std::nullopt;
}

void ensureGuiForPrinting() {
    if (QCoreApplication::instance() != nullptr) {
        return;
    }
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    // Never destroyed: it lives as long as the program, and Qt's own teardown at exit
    // handles an application left standing, where a static's destructor might run after it.
    // Qt warns on stderr that a headless session has no XDG_RUNTIME_DIR, which the printing
    // never uses: that one warning is not news to the CLI's user, every other message is.
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
        static const QtMessageHandler previous = qInstallMessageHandler(nullptr);
        qInstallMessageHandler([](QtMsgType type, const QMessageLogContext& context, const QString& message) {
            if (!message.startsWith(QStringLiteral("QStandardPaths: XDG_RUNTIME_DIR not set"))) {
                previous(type, context, message);
            }
        });
    }
    static int argc = 1;
    static char name[] = "sandtable-cli";
    static char* argv[] = {name, nullptr};
    new QGuiApplication(argc, argv);
}

} // namespace sandtable::print
