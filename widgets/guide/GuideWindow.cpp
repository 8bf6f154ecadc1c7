// SPDX-License-Identifier: GPL-3.0-or-later
#include "guide/GuideWindow.h"

#include "i18n/Translations.h"

#include <QDesktopServices>
#include <QFileInfo>
#include <QGuiApplication>
#include <QScreen>
#include <QHBoxLayout>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

static void initGuideResources()
{
    Q_INIT_RESOURCE(guide);
}

namespace posenc::widgets {

GuideWindow::GuideWindow(QWidget* parent) : QWidget(parent, Qt::Window)
{
    initGuideResources();
    setWindowTitle(tr("PosEnc Explorer Guide"));
    // 860 x 900 where there is room; on a smaller screen (768 px high) its available area, with room for the frame.
    QSize size(860, 900);
    const QScreen* screen = parent && parent->screen() ? parent->screen() : QGuiApplication::primaryScreen();
    if (screen)
        size = size.boundedTo(QSize(screen->availableGeometry().width() * 95 / 100,
                                    screen->availableGeometry().height() * 90 / 100));
    resize(size);
    auto* layout = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    m_back = new QToolButton(this);
    m_back->setText(tr("Back"));
    m_back->setShortcut(QKeySequence::Back);
    m_forward = new QToolButton(this);
    m_forward->setText(tr("Forward"));
    m_forward->setShortcut(QKeySequence::Forward);
    auto* contents = new QToolButton(this);
    contents->setText(tr("Contents"));
    contents->setToolTip(tr("Every method and view of the guide"));
    bar->addWidget(m_back);
    bar->addWidget(m_forward);
    bar->addWidget(contents);
    bar->addStretch(1);
    layout->addLayout(bar);

    m_browser = new QTextBrowser(this);
    m_browser->setOpenLinks(false);
    m_browser->setSearchPaths({folder(Translations::current())});
    layout->addWidget(m_browser, 1);

    m_back->setEnabled(false);
    m_forward->setEnabled(false);
    connect(m_back, &QToolButton::clicked, m_browser, &QTextBrowser::backward);
    connect(m_forward, &QToolButton::clicked, m_browser, &QTextBrowser::forward);
    connect(m_browser, &QTextBrowser::backwardAvailable, m_back, &QToolButton::setEnabled);
    connect(m_browser, &QTextBrowser::forwardAvailable, m_forward, &QToolButton::setEnabled);
    connect(contents, &QToolButton::clicked, this, [this] { showPage(QStringLiteral("index")); });
    connect(m_browser, &QTextBrowser::anchorClicked, this, &GuideWindow::follow);
    connect(m_browser, &QTextBrowser::sourceChanged, this,
            [this] { setWindowTitle(tr("Guide — %1").arg(m_browser->documentTitle())); });
    showPage(QStringLiteral("index"));
}

QString GuideWindow::folder(const QString& languageCode)
{
    return QStringLiteral(":/guide/%1").arg(Translations::guideFolder(languageCode));
}

void GuideWindow::showPage(const QString& page)
{
    m_browser->setSearchPaths({folder(Translations::current())});
    m_browser->setSource(QUrl(QStringLiteral("qrc%1/%2.html").arg(folder(Translations::current()), page)));
}

QString GuideWindow::currentPage() const
{
    return QFileInfo(m_browser->source().path()).completeBaseName();
}

void GuideWindow::follow(const QUrl& url)
{
    if (url.scheme() == QLatin1String("posenc")) {
        emit compareRequested(url);
    } else if (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https")) {
        QDesktopServices::openUrl(url);
    } else {
        m_browser->setSource(m_browser->source().resolved(url));
    }
}

} // namespace posenc::widgets
