#include "application_icon.h"

#include <QPainter>
#include <QPixmap>
#include <QSvgRenderer>

namespace sandtable::ui {

QIcon applicationIcon() {
    // Drawn by QSvgRenderer rather than loaded as an icon file, which would need Qt's SVG
    // image plugin installed beside the program.
    QSvgRenderer svg(QStringLiteral(":/sandtable/org.sandtable.Sandtable.svg"));
    QIcon icon;
    for (const int size : {16, 24, 32, 48, 64, 128, 256}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        svg.render(&painter);
        painter.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace sandtable::ui
