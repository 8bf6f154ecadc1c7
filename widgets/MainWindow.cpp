// SPDX-License-Identifier: GPL-3.0-or-later
#include "MainWindow.h"

#include "posenc/version.h"

namespace posenc::widgets {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    setWindowTitle(QStringLiteral("%1 %2").arg(QString::fromUtf8(kProjectName), QString::fromUtf8(kVersion)));
    resize(1280, 800);
}

} // namespace posenc::widgets
