// MainWindow's printed and exported pages: quick-reference sheets, rosters, the battle
// report as PDF and the table as SVG; and the Help menu.

#include "about_dialog.h"
#include "game_controller.h"
#include "main_window.h"
#include "printed_exports.h"
#include "sandtable/battle_report.h"
#include "sandtable/roster.h"
#include "sandtable/ruleset_registry.h"
#include "scenario_document.h"
#include "shipped_files.h"
#include "shortcuts_dialog.h"
#include "table_image.h"
#include "table_scene.h"

#include <QDesktopServices>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QPrintDialog>
#include <QPrinter>
#include <QProgressDialog>
#include <QTextDocument>
#include <QUrl>

namespace sandtable::ui {

namespace {

QPageSize::PageSizeId localPaper() {
    return QLocale().measurementSystem() == QLocale::ImperialUSSystem ? QPageSize::Letter : QPageSize::A4;
}

QString pdfProblem(const print::PrintedDocument& document, const QString& path, QPageSize::PageSizeId paper) {
    const auto problem = print::writePdf(document, path, paper);
    return problem ? *problem : QString();
}

} // namespace

const Ruleset* MainWindow::tableRuleset(std::unique_ptr<Ruleset>& made, QString& problem) const {
    if (m_game) {
        return &m_game->game().ruleset();
    }
    if (!m_document) {
        problem = tr("there is no table open");
        return nullptr;
    }
    const Scenario& scenario = m_document->scenario();
    auto ruleset = makeRuleset(scenario.rulesetId, scenario.rulesetOptions);
    if (!ruleset) {
        problem = QString::fromStdString(ruleset.error());
        return nullptr;
    }
    made = std::move(ruleset).value();
    return made.get();
}

QString MainWindow::writeRulesetPdf(const QString& path, QPageSize::PageSizeId paper,
                                    const std::function<print::PrintedDocument(const Ruleset&)>& pages) {
    std::unique_ptr<Ruleset> made;
    QString problem;
    const Ruleset* ruleset = tableRuleset(made, problem);
    return ruleset == nullptr ? problem : pdfProblem(pages(*ruleset), path, paper);
}

QString MainWindow::exportReferenceSheet(const QString& path, QPageSize::PageSizeId paper) {
    QString name;
    const QString problem = writeRulesetPdf(path, paper, [&name](const Ruleset& ruleset) {
        name = QString::fromStdString(ruleset.info().name);
        return referenceSheetDocument(ruleset);
    });
    if (problem.isEmpty()) {
        log(tr("Wrote the quick-reference sheet of %1 to %2").arg(name, path));
    }
    return problem;
}

QString MainWindow::exportRoster(const QString& path, QPageSize::PageSizeId paper) {
    const QString problem = writeRulesetPdf(path, paper, [this](const Ruleset& ruleset) {
        return m_game ? rosterDocument(m_game->game().battle(), ruleset, m_game->game().scenario().name, standing(m_game->game()))
                      : rosterDocument(m_document->battle(), ruleset, m_document->scenario().name, "As laid out");
    });
    if (problem.isEmpty()) {
        log(tr("Wrote the roster to %1").arg(path));
    }
    return problem;
}

QString MainWindow::exportTable(const QString& path) {
    if (!m_scene) {
        return tr("there is no table open");
    }
    if (path.endsWith(".svg", Qt::CaseInsensitive)) {
        if (const QString problem = writeTableSvg(*m_scene, path, QString::fromStdString(m_document->scenario().name));
            !problem.isEmpty()) {
            return problem;
        }
    } else if (!renderTableImage(*m_scene, tableImageSize(*m_scene, 2400)).save(path, "PNG")) {
        return tr("%1 could not be written.").arg(path);
    }
    log(tr("Exported the table to %1").arg(path));
    return {};
}

void MainWindow::exportImage() {
    QString filter;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the table"), playerFilesFolder(),
                                                      tr("PNG image (*.png);;SVG drawing (*.svg)"), &filter);
    if (path.isEmpty()) {
        return;
    }
    const QString extension = filter.contains("svg") ? ".svg" : ".png";
    const QString target = path.endsWith(extension, Qt::CaseInsensitive) ? path : path + extension;
    if (const QString problem = exportTable(target); !problem.isEmpty()) {
        QMessageBox::warning(this, tr("Cannot export"), problem);
    }
}

QString MainWindow::choosePdf(const QString& caption, QPageSize::PageSizeId& paper) {
    const QString a4 = tr("PDF on A4 paper (*.pdf)");
    const QString letter = tr("PDF on US Letter paper (*.pdf)");
    QString filter = localPaper() == QPageSize::Letter ? letter : a4;
    const QString path = QFileDialog::getSaveFileName(this, caption, playerFilesFolder(), a4 + ";;" + letter, &filter);
    if (path.isEmpty()) {
        return {};
    }
    paper = filter == letter ? QPageSize::Letter : QPageSize::A4;
    return path.endsWith(".pdf", Qt::CaseInsensitive) ? path : path + ".pdf";
}

void MainWindow::printReferenceSheet() {
    std::unique_ptr<Ruleset> made;
    QString problem;
    const Ruleset* ruleset = tableRuleset(made, problem);
    if (ruleset == nullptr) {
        QMessageBox::warning(this, tr("Cannot print"), problem);
        return;
    }
    QPrinter printer(QPrinter::HighResolution);
    printer.setPageLayout(print::pageLayout(localPaper()));
    const print::PrintedDocument document = referenceSheetDocument(*ruleset);
    // The print-to-file name comes from it: no colon in a file name.
    printer.setDocName(QString(document.title).replace(QStringLiteral(": "), QStringLiteral(" - ")));
    QPrintDialog dialog(&printer, this);
    dialog.setWindowTitle(tr("Print the quick-reference sheet"));
    if (dialog.exec() == QDialog::Accepted) {
        print::layOut(document)->print(&printer);
        log(tr("Printed the quick-reference sheet of %1").arg(QString::fromStdString(ruleset->info().name)));
    }
}

void MainWindow::buildPrintedActions(QMenu* file) {
    file->addAction(tr("&Print Quick Reference..."), QKeySequence::Print, this, &MainWindow::printReferenceSheet);
    file->addAction(tr("Quick Reference as P&DF..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P), this, [this] {
        QPageSize::PageSizeId paper = QPageSize::A4;
        const QString path = choosePdf(tr("Export the quick-reference sheet"), paper);
        if (!path.isEmpty()) {
            if (const QString problem = exportReferenceSheet(path, paper); !problem.isEmpty()) {
                QMessageBox::warning(this, tr("Cannot export"), problem);
            }
        }
    });
    file->addAction(tr("R&oster as PDF..."), this, [this] {
        QPageSize::PageSizeId paper = QPageSize::A4;
        const QString path = choosePdf(tr("Export the roster"), paper);
        if (!path.isEmpty()) {
            if (const QString problem = exportRoster(path, paper); !problem.isEmpty()) {
                QMessageBox::warning(this, tr("Cannot export"), problem);
            }
        }
    });
}

void MainWindow::buildHelpMenu() {
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&User Guide"), QKeySequence::HelpContents, this, [] {
        const QString guide = shippedFiles().docs + "/docs/table-view.md";
        QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo::exists(guide) ? guide : shippedFiles().docs));
    });
    help->addAction(tr("&Keyboard Shortcuts"), this, [this] { showShortcuts(this, *menuBar()); });
    help->addSeparator();
    help->addAction(tr("The &Rule Texts"), this, [] { QDesktopServices::openUrl(QUrl::fromLocalFile(shippedFiles().ruleTexts)); });
    help->addAction(tr("&Scenarios Folder"), this, [] { QDesktopServices::openUrl(QUrl::fromLocalFile(shippedFiles().scenarios)); });
    help->addSeparator();
    help->addAction(tr("&About Sandtable"), this, [this] { showAbout(this); });
}

} // namespace sandtable::ui
