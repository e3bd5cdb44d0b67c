#pragma once

#include <QLockFile>
#include <QString>
#include <QStringList>
#include <memory>
#include <string>

namespace sandtable::ui {

/// The game in play, written after every action to the user's data folder so that a crash
/// or a kill loses nothing. Each running Sandtable writes its own file
/// (`autosave-PID.sandtable`) and holds a lock beside it while it runs; a clean exit
/// removes both. A file whose lock is free when the next Sandtable starts was left by one
/// that did not exit cleanly: leftBehind() finds it, and the player is offered the game.
class Autosave {
public:
    /// Writes into `folder` (made if missing).
    explicit Autosave(const QString& folder);
    /// A clean exit: the game is the player's to save, and nothing is left to restore.
    ~Autosave();
    Autosave(const Autosave&) = delete;
    Autosave& operator=(const Autosave&) = delete;

    /// Writes the save atomically (QSaveFile); an empty string, or what went wrong.
    QString write(const std::string& text);
    /// Removes the file: no game is in play any more.
    void clear();
    const QString& path() const { return m_path; }

    /// The autosaves in `folder` of Sandtables that ended without a clean exit, newest first.
    static QStringList leftBehind(const QString& folder);
    /// Removes a left-behind autosave once it was restored or the player declined it.
    static void forget(const QString& path);

    /// The user's data folder: where autosaves go unless --data-dir says otherwise.
    static QString defaultFolder();

private:
    QString m_path;
    std::unique_ptr<QLockFile> m_lock;
};

} // namespace sandtable::ui
