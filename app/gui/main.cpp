// SPDX-License-Identifier: GPL-3.0-or-later
// posenc-explorer: the interactive GUI.
#include "MainWindow.h"

#include <QApplication>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("PosEncExplorer"));
    QApplication::setApplicationName(QStringLiteral("posenc-explorer"));
    posenc::widgets::MainWindow window;
    window.show();
    return QApplication::exec();
}
