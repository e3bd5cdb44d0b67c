#pragma once

#include <QImage>
#include <QMap>
#include <QPageLayout>
#include <QPageSize>
#include <QString>
#include <memory>
#include <optional>

class QPagedPaintDevice;
class QTextDocument;

namespace sandtable::print {

/// The paper sizes a player prints on.
std::optional<QPageSize::PageSizeId> paperFromName(const QString& name); // "a4", "letter"

/// The pages of a document: its HTML (the core's toHtml of a sheet, roster or report) and
/// the images it names by URL (the report's pictures of the table).
struct PrintedDocument {
    QString title;
    QString html;
    QMap<QString, QImage> images;
};

/// `document` as rich text in the font the sheets use, with its images; the caller prints
/// it (QTextDocument::print pages it with 2 cm margins and numbers the pages).
std::unique_ptr<QTextDocument> layOut(const PrintedDocument& document);

/// Writes `document` to `path` as a PDF on `paper`. Returns what went wrong, or nothing.
std::optional<QString> writePdf(const PrintedDocument& document, const QString& path, QPageSize::PageSizeId paper);

/// The page layout the sheets use: `paper`, portrait (the margins are the text's own).
QPageLayout pageLayout(QPageSize::PageSizeId paper);

/// A program without a window (sandtable-cli) calls this before printing: it starts Qt's
/// GUI on the off-screen platform, once, unless the program already has a Qt application.
void ensureGuiForPrinting();

} // namespace sandtable::print
