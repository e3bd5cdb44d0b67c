#include "autosave.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

namespace sandtable::ui {

namespace {

QString lockPathFor(const QString& savePath) {
    QString path = savePath;
    path.chop(QStringLiteral(".sandtable").size());
    return path + ".lock";
}

} // namespace

Autosave::Autosave(const QString& folder) {
    QDir().mkpath(folder);
    m_path = QDir(folder).filePath(QStringLiteral("autosave-%1.sandtable").arg(QCoreApplication::applicationPid()));
    m_lock = std::make_unique<QLockFile>(lockPathFor(m_path));
    // Held for as long as this Sandtable runs; a dead process's lock is stale to others.
    m_lock->setStaleLockTime(0);
    m_lock->tryLock(0);
}

Autosave::~Autosave() {
    clear();
    m_lock->unlock();
}

QString Autosave::write(const std::string& text) {
    QSaveFile out(m_path);
    if (!out.open(QIODevice::WriteOnly) || out.write(text.data(), static_cast<qint64>(text.size())) < 0 || !out.commit()) {
        return QCoreApplication::translate("Autosave", "the autosave %1 could not be written: %2").arg(m_path, out.errorString());
    }
    return {};
}

void Autosave::clear() { QFile::remove(m_path); }

QStringList Autosave::leftBehind(const QString& folder) {
    QStringList found;
    const QString mine = QStringLiteral("autosave-%1.sandtable").arg(QCoreApplication::applicationPid());
    QFileInfoList files = QDir(folder).entryInfoList({QStringLiteral("autosave-*.sandtable")}, QDir::Files, QDir::Time);
    for (const QFileInfo& file : files) {
        if (file.fileName() == mine) {
            continue;
        }
        // The lock can be taken only when no running Sandtable holds it: its writer is gone.
        QLockFile lock(lockPathFor(file.filePath()));
        lock.setStaleLockTime(0);
        if (lock.tryLock(0)) {
            lock.unlock();
            found << file.filePath();
        }
    }
    return found;
}

void Autosave::forget(const QString& path) {
    QFile::remove(path);
    QFile::remove(lockPathFor(path));
}

QString Autosave::defaultFolder() { return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation); }

} // namespace sandtable::ui
