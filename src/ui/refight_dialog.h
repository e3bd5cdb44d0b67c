#pragma once

#include "sandtable/refight.h"
#include "sandtable/refight_summary.h"
#include "sandtable/scenario.h"

#include <QDialog>
#include <QElapsedTimer>
#include <atomic>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;

namespace sandtable::ui {

/// Game > Refight Statistics: the game's scenario played many times by the computer on
/// every side (sandtable-cli refight in a window), off the window's thread, with progress
/// and the time left, cancellable; then the chart and the summary, the report's course
/// set among the games, and the games, summary and chart saved as files.
class RefightDialog : public QDialog {
    Q_OBJECT
public:
    RefightDialog(Scenario scenario, QWidget* parent = nullptr);
    /// Cancels a batch under way and waits for the games being played.
    ~RefightDialog() override;

    /// Starts a batch as the form says (the Start button).
    void start();
    /// Stops a batch after the games under way; what was played is summarised.
    void cancel();
    /// Asks the window to play game `run` (from 0) of the last batch again, its seed and
    /// the computer on every side, to be watched, and closes (the Watch a Game button).
    void watch(std::size_t run);
    bool running() const { return m_worker.joinable(); }

    // For tests and the window's own use.
    QSpinBox* runsBox() const { return m_runs; }
    QSpinBox* seedBox() const { return m_seed; }
    const std::vector<RefightGame>& games() const { return m_games; }
    const std::optional<RefightSummary>& summary() const { return m_summary; }
    QString summaryText() const;
    QString statusText() const;

signals:
    /// A batch has ended, played out or cancelled, and its results are shown.
    void refightsEnded();
    /// A player asked to watch the game played with `seed`, at the batch's computer level
    /// (its name).
    void watchRequested(quint64 seed, const QString& level);

protected:
    void reject() override;

private:
    void showProgress(std::size_t done, std::size_t runs);
    void finish(Expected<std::vector<RefightGame>, std::string> games);
    void setRunning(bool running);
    void saveResults();
    void saveChart();
    void chooseGameToWatch();

    Scenario m_scenario;
    RefightPlan m_plan;
    QSpinBox* m_runs = nullptr;
    QSpinBox* m_seed = nullptr;
    QSpinBox* m_jobs = nullptr;
    QComboBox* m_level = nullptr; // each item's data the level's name
    QPushButton* m_start = nullptr;
    QPushButton* m_stop = nullptr;
    QPushButton* m_saveResults = nullptr;
    QPushButton* m_saveChart = nullptr;
    QPushButton* m_watch = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QTabWidget* m_tabs = nullptr;
    QLabel* m_chart = nullptr;
    QPlainTextEdit* m_summaryView = nullptr;
    QElapsedTimer m_clock;
    std::thread m_worker;
    std::atomic<bool> m_cancelled{false};
    std::vector<RefightGame> m_games;
    std::optional<RefightSummary> m_summary;
};

} // namespace sandtable::ui
