// The refight window: the core's batch of refights on a worker thread (which starts the
// core's own threads), its progress brought back to the window's thread as queued calls.

#include "refight_dialog.h"

#include "sandtable/refight_chart.h"
#include "sandtable/ruleset_registry.h"
#include "shipped_files.h"
#include "svg_image.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>
#include <cmath>

namespace sandtable::ui {

namespace {

/// `path` with `extension` added unless it has it already (a name typed without one).
QString withExtension(const QString& path, const QString& extension) {
    return path.endsWith(extension, Qt::CaseInsensitive) ? path : path + extension;
}

/// "1 game", "200 games".
QString gamesText(std::size_t games) { return games == 1 ? RefightDialog::tr("1 game") : RefightDialog::tr("%1 games").arg(games); }

QString writeText(const QString& path, const std::string& text) {
    const std::string problem = writeFileAtomically(path.toStdString(), text);
    return QString::fromStdString(problem);
}

} // namespace

RefightDialog::RefightDialog(Scenario scenario, QWidget* parent) : QDialog(parent), m_scenario(std::move(scenario)) {
    setWindowTitle(tr("Refight Statistics: %1").arg(QString::fromStdString(m_scenario.name)));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("The computer plays <b>%1</b> on every side, again and again: who wins, when the battle ends and "
                                "what each side loses by each turn%2.")
                                 .arg(QString::fromStdString(m_scenario.name).toHtmlEscaped(),
                                      m_scenario.reportedCourse ? tr(", set beside the report's own course") : QString()));
    intro->setWordWrap(true);
    layout->addWidget(intro);

    // One row of settings and buttons, the progress under it: the chart gets the room.
    auto* controls = new QHBoxLayout;
    const auto labelled = [controls](const QString& text, QWidget* field) {
        auto* label = new QLabel(text);
        label->setBuddy(field);
        controls->addWidget(label);
        controls->addWidget(field);
        controls->addSpacing(12);
    };
    m_runs = new QSpinBox;
    m_runs->setRange(1, 100000);
    // The last batch's settings, as a player who refights again expects to find them.
    const QSettings settings;
    m_runs->setValue(settings.value("refight/runs", 200).toInt());
    m_runs->setSingleStep(100);
    m_runs->setToolTip(tr("How many games to play"));
    labelled(tr("&Games:"), m_runs);
    m_seed = new QSpinBox;
    m_seed->setRange(0, 2000000000);
    m_seed->setValue(settings.value("refight/seed", 1).toInt());
    m_seed->setToolTip(tr("Game i is seeded with this seed + i: the same seed gives the same games, and any one of them can be played "
                          "again alone"));
    labelled(tr("First &seed:"), m_seed);
    m_jobs = new QSpinBox;
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    m_jobs->setRange(1, std::max(cores, 64));
    m_jobs->setValue(settings.value("refight/jobs", cores).toInt());
    m_jobs->setToolTip(tr("Games played at once (this computer has %1 %2); the results do not depend on it")
                           .arg(cores)
                           .arg(cores == 1 ? tr("core") : tr("cores")));
    labelled(tr("Games at &once:"), m_jobs);
    m_level = new QComboBox;
    for (const auto& [name, level] : {std::pair{tr("Basic"), ComputerLevel::Basic}, std::pair{tr("Standard"), ComputerLevel::Standard},
                                      std::pair{tr("Strong (slower)"), ComputerLevel::Strong}}) {
        m_level->addItem(name, QString::fromStdString(toString(level)));
    }
    const QString level = settings.value("refight/level", settings.value("computer/level", "standard")).toString();
    m_level->setCurrentIndex(std::max(0, m_level->findData(level)));
    m_level->setToolTip(tr("How well the computer plays every side (Game > Computer Level says what each level does)"));
    labelled(tr("&Level:"), m_level);
    m_start = new QPushButton(tr("&Start"));
    m_start->setDefault(true);
    m_stop = new QPushButton(tr("S&top"));
    m_stop->setEnabled(false);
    controls->addWidget(m_start);
    controls->addWidget(m_stop);
    controls->addStretch(1);
    layout->addLayout(controls);
    m_progress = new QProgressBar;
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    layout->addWidget(m_progress);
    m_status = new QLabel(tr("Not started."));
    layout->addWidget(m_status);

    m_tabs = new QTabWidget;
    m_chart = new QLabel(tr("The chart appears here when the games are played."));
    m_chart->setAlignment(Qt::AlignCenter);
    auto* chartArea = new QScrollArea;
    chartArea->setWidget(m_chart);
    chartArea->setWidgetResizable(true);
    chartArea->setBackgroundRole(QPalette::Base);
    m_tabs->addTab(chartArea, tr("&Chart"));
    m_summaryView = new QPlainTextEdit;
    m_summaryView->setReadOnly(true);
    m_summaryView->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_summaryView->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_tabs->addTab(m_summaryView, tr("S&ummary"));
    layout->addWidget(m_tabs, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    m_saveResults = buttons->addButton(tr("Save &Results..."), QDialogButtonBox::ActionRole);
    m_saveResults->setToolTip(tr("Every game as CSV or JSON Lines, or the summary as JSON"));
    m_saveChart = buttons->addButton(tr("Save C&hart..."), QDialogButtonBox::ActionRole);
    m_watch = buttons->addButton(tr("&Watch a Game..."), QDialogButtonBox::ActionRole);
    m_watch->setToolTip(tr("Play one of these games again on the table, the computer on every side, to see how it went"));
    m_watch->setEnabled(false);
    m_saveResults->setEnabled(false);
    m_saveChart->setEnabled(false);
    layout->addWidget(buttons);

    connect(m_start, &QPushButton::clicked, this, &RefightDialog::start);
    connect(m_stop, &QPushButton::clicked, this, &RefightDialog::cancel);
    connect(m_saveResults, &QPushButton::clicked, this, &RefightDialog::saveResults);
    connect(m_saveChart, &QPushButton::clicked, this, &RefightDialog::saveChart);
    connect(m_watch, &QPushButton::clicked, this, &RefightDialog::chooseGameToWatch);
    connect(buttons, &QDialogButtonBox::rejected, this, &RefightDialog::reject);
    resize(1060, 860);
}

RefightDialog::~RefightDialog() {
    m_cancelled = true;
    if (m_worker.joinable()) {
        m_worker.join();
    }
}

void RefightDialog::start() {
    if (running()) {
        return;
    }
    m_plan.runs = static_cast<std::size_t>(m_runs->value());
    m_plan.firstSeed = static_cast<std::uint64_t>(m_seed->value());
    m_plan.jobs = static_cast<unsigned>(m_jobs->value());
    m_plan.level = computerLevelFromString(m_level->currentData().toString().toStdString()).value_or(ComputerLevel::Standard);
    QSettings settings;
    settings.setValue("refight/level", m_level->currentData());
    settings.setValue("refight/runs", m_runs->value());
    settings.setValue("refight/seed", m_seed->value());
    settings.setValue("refight/jobs", m_jobs->value());
    m_cancelled = false;
    m_progress->setRange(0, m_runs->value());
    m_progress->setValue(0);
    m_status->setText(tr("Playing %1...").arg(gamesText(m_plan.runs)));
    setRunning(true);
    m_clock.start();
    // The worker only plays and reports; every widget is touched on the window's thread,
    // through calls queued to this dialog (dropped if it is gone, and it waits for the
    // worker before it goes).
    m_worker = std::thread([this, scenario = m_scenario, plan = m_plan] {
        auto games = refight(
            scenario, makeRuleset, plan,
            [this](std::size_t done, std::size_t runs) {
                QMetaObject::invokeMethod(
                    this, [this, done, runs] { showProgress(done, runs); }, Qt::QueuedConnection);
            },
            &m_cancelled);
        auto shared = std::make_shared<Expected<std::vector<RefightGame>, std::string>>(std::move(games));
        QMetaObject::invokeMethod(
            this, [this, shared] { finish(std::move(*shared)); }, Qt::QueuedConnection);
    });
}

void RefightDialog::cancel() {
    if (running()) {
        m_cancelled = true;
        m_stop->setEnabled(false);
        m_status->setText(tr("Stopping after the games being played..."));
    }
}

void RefightDialog::reject() {
    cancel();
    QDialog::reject();
}

void RefightDialog::showProgress(std::size_t done, std::size_t runs) {
    if (!running() || m_cancelled) {
        return;
    }
    m_progress->setValue(static_cast<int>(done));
    const double seconds = static_cast<double>(m_clock.elapsed()) / 1000.0;
    const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0;
    const double left = rate > 0 ? static_cast<double>(runs - done) / rate : 0;
    m_status->setText(tr("%1 of %2 games played, %3 a second; about %4 s left")
                          .arg(done)
                          .arg(runs)
                          .arg(rate, 0, 'f', 1)
                          .arg(static_cast<int>(std::ceil(left))));
}

void RefightDialog::finish(Expected<std::vector<RefightGame>, std::string> games) {
    if (m_worker.joinable()) {
        m_worker.join();
    }
    setRunning(false);
    if (!games) {
        m_status->setText(tr("The scenario cannot be played: %1").arg(QString::fromStdString(games.error())));
        emit refightsEnded();
        return;
    }
    m_games = std::move(games).value();
    const double seconds = static_cast<double>(m_clock.elapsed()) / 1000.0;
    if (m_games.size() < m_plan.runs) {
        m_status->setText(tr("Stopped: %1 of %2 games played in %3 s.").arg(m_games.size()).arg(m_plan.runs).arg(seconds, 0, 'f', 1));
    } else {
        m_status->setText(tr("%1 played in %2 s (%3 a second).")
                              .arg(gamesText(m_games.size()))
                              .arg(seconds, 0, 'f', 1)
                              .arg(seconds > 0 ? static_cast<double>(m_games.size()) / seconds : 0, 0, 'f', 1));
    }
    m_progress->setValue(static_cast<int>(m_games.size()));
    m_summary = summarizeRefights(m_scenario, m_plan, m_games);
    m_summaryView->setPlainText(QString::fromStdString(toText(*m_summary)));
    const QImage chart = print::svgToImage(QByteArray::fromStdString(refightChartSvg(*m_summary)), devicePixelRatioF());
    QPixmap pixmap = QPixmap::fromImage(chart);
    pixmap.setDevicePixelRatio(devicePixelRatioF());
    m_chart->setPixmap(pixmap);
    m_saveResults->setEnabled(!m_games.empty());
    m_saveChart->setEnabled(!m_games.empty());
    m_watch->setEnabled(!m_games.empty());
    emit refightsEnded();
}

void RefightDialog::setRunning(bool running) {
    m_start->setEnabled(!running);
    m_stop->setEnabled(running);
    m_runs->setEnabled(!running);
    m_seed->setEnabled(!running);
    m_jobs->setEnabled(!running);
    m_saveResults->setEnabled(!running && !m_games.empty());
    m_saveChart->setEnabled(!running && !m_games.empty());
    m_watch->setEnabled(!running && !m_games.empty());
}

void RefightDialog::watch(std::size_t run) {
    const auto found = std::find_if(m_games.begin(), m_games.end(), [run](const RefightGame& game) { return game.run == run; });
    if (found == m_games.end()) {
        return;
    }
    emit watchRequested(found->seed, QString::fromStdString(toString(m_plan.level)));
    accept();
}

void RefightDialog::chooseGameToWatch() {
    if (m_games.empty()) {
        return;
    }
    // Games are numbered from 1 for the player (run 0 is game 1), as the summary's seeds run.
    bool chosen = false;
    const int game = QInputDialog::getInt(
        this, tr("Watch a Game"),
        tr("Which game, 1 to %1? (Game i is seeded %2 + i - 1; the computer plays every side.)").arg(m_games.size()).arg(m_plan.firstSeed),
        1, 1, static_cast<int>(m_games.size()), 1, &chosen);
    if (chosen) {
        watch(static_cast<std::size_t>(game - 1));
    }
}

QString RefightDialog::summaryText() const { return m_summaryView->toPlainText(); }

QString RefightDialog::statusText() const { return m_status->text(); }

void RefightDialog::saveResults() {
    if (!m_summary) {
        return;
    }
    const QString csv = tr("Every game, CSV (*.csv)");
    const QString jsonl = tr("Every game, JSON Lines (*.jsonl)");
    const QString summary = tr("The summary, JSON (*.json)");
    QString filter = csv;
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save the refights"), playerFilesFolder(), csv + ";;" + jsonl + ";;" + summary, &filter);
    if (path.isEmpty()) {
        return;
    }
    std::string text;
    QString target;
    if (filter == summary) {
        target = withExtension(path, ".json");
        text = toJsonText(*m_summary);
    } else if (filter == jsonl) {
        target = withExtension(path, ".jsonl");
        for (const RefightGame& game : m_games) {
            text += toJsonLine(game);
        }
    } else {
        target = withExtension(path, ".csv");
        text = csvHeader(m_scenario);
        for (const RefightGame& game : m_games) {
            text += csvRow(m_scenario, game);
        }
    }
    if (const QString problem = writeText(target, text); !problem.isEmpty()) {
        QMessageBox::warning(this, tr("Save the refights"), problem);
    }
}

void RefightDialog::saveChart() {
    if (!m_summary) {
        return;
    }
    const QString png = tr("PNG image (*.png)");
    const QString svg = tr("SVG drawing (*.svg)");
    QString filter = png;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save the chart"), playerFilesFolder(), png + ";;" + svg, &filter);
    if (path.isEmpty()) {
        return;
    }
    const std::string chart = refightChartSvg(*m_summary);
    QString problem;
    if (filter == svg) {
        problem = writeText(withExtension(path, ".svg"), chart);
    } else if (const auto failed = print::writeSvgAsPng(QByteArray::fromStdString(chart), withExtension(path, ".png"))) {
        problem = *failed;
    }
    if (!problem.isEmpty()) {
        QMessageBox::warning(this, tr("Save the chart"), problem);
    }
}

} // namespace sandtable::ui
