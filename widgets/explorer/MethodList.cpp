// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/MethodList.h"

#include "posenc/param_state.h"
#include "explorer/ParamsModel.h"
#include "figures/FigureTypes.h"
#include "i18n/CoreText.h"
#include "i18n/Translations.h"

#include "posenc/engine.h"
#include "posenc/registry.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QResizeEvent>
#include <QVBoxLayout>

#include <algorithm>

namespace posenc::widgets {

namespace {

constexpr int kSwatchRole = Qt::UserRole + 1; ///< the colour its icon shows

QIcon swatch(const QColor& color)
{
    QPixmap pm(14, 14);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(color.darker(130));
    p.setBrush(color);
    p.drawRoundedRect(QRectF(1.5, 1.5, 11, 11), 2, 2);
    return QIcon(pm);
}

} // namespace

MethodList::MethodList(ParamsModel* model, QWidget* parent) : QWidget(parent), m_model(model)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* hint = new QLabel(tr("Check methods to compare; the <b>primary</b> one is drawn by the matrix views."), this);
    hint->setWordWrap(true);
    layout->addWidget(hint);
    m_list = new QListWidget(this);
    // A long entry (a preset's model name, "  [own: factor]", "  (primary)") wraps onto a second line instead of
    // being cut with "…" in a narrow list.
    m_list->setWordWrap(true);
    m_list->setTextElideMode(Qt::ElideNone);
    m_list->setResizeMode(QListView::Adjust);
    for (const auto& def : Registry::instance().methods()) {
        auto* item = new QListWidgetItem(CoreText::text(def.info.displayName), m_list);
        item->setData(Qt::UserRole, QString::fromStdString(def.info.id));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        item->setIcon(swatch(methodColor(def.info.id)));
        item->setToolTip(tr("%1 (%2)\n%3\n\n%4", "method name (id), summary, citation")
                             .arg(CoreText::text(def.info.displayName), QString::fromStdString(def.info.id),
                                  CoreText::summary(def.info), QString::fromStdString(def.info.citation)));
    }
    fitRows();
    layout->addWidget(m_list, 1);
    auto* buttons = new QHBoxLayout;
    m_primary = new QPushButton(tr("Make primary"), this);
    m_primary->setToolTip(tr("Draw the highlighted method in the matrix views (double-click does the same)"));
    buttons->addWidget(m_primary);
    m_instance = new QPushButton(tr("Add instance"), this);
    m_instance->setToolTip(tr("Compare the highlighted method a second time with its own parameters (YaRN s = 4 "
                              "beside s = 8); uncheck an instance to remove it"));
    buttons->addWidget(m_instance);
    layout->addLayout(buttons);

    connect(m_list, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        if (!m_refreshing)
            m_model->setChecked(idOf(item), item->checkState() == Qt::Checked);
    });
    connect(m_list, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        if (item && !m_refreshing)
            emit currentMethodChanged(idOf(item));
    });
    connect(m_list, &QListWidget::itemDoubleClicked, this,
            [this](QListWidgetItem* item) { m_model->setPrimary(idOf(item)); });
    connect(m_primary, &QPushButton::clicked, this, [this] {
        if (auto* item = m_list->currentItem())
            m_model->setPrimary(idOf(item));
    });
    connect(m_instance, &QPushButton::clicked, this, [this] {
        if (auto* item = m_list->currentItem()) {
            const std::string key = m_model->addInstance(idOf(item));
            setCurrentMethod(key);
            emit currentMethodChanged(key);
        }
    });
    connect(m_model, &ParamsModel::methodsChanged, this, &MethodList::refresh);
    connect(m_model, &ParamsModel::paramsChanged, this, &MethodList::refresh); // own-value badges
    refresh();
    setCurrentMethod(m_model->primary());
}

std::string MethodList::idOf(const QListWidgetItem* item) const
{
    return item->data(Qt::UserRole).toString().toStdString();
}

void MethodList::fitRows()
{
    // Every method visible without scrolling: the list is never shorter than its rows as the view lays them out
    // at its width (once polished: the style decides the row height; a long entry wraps onto two lines).
    m_list->ensurePolished();
    if (m_list->count() == 0)
        return;
    int rows = 0;
    if (isVisible()) { // laid out at the width it is shown at
        m_list->doItemsLayout(); // a changed entry ("  [own: factor]") is laid out later otherwise: stale rects
        const QRect first = m_list->visualItemRect(m_list->item(0));
        const QRect last = m_list->visualItemRect(m_list->item(m_list->count() - 1));
        rows = last.bottom() - first.top() + 1;
    } else { // not shown yet, so no width to wrap at: one line each
        for (int i = 0; i < m_list->count(); ++i)
            rows += m_list->sizeHintForRow(i);
    }
    const int height = rows + 2 * m_list->frameWidth() + 4;
    if (m_list->minimumHeight() != height) {
        m_list->setMinimumHeight(height);
        fitHeight(); // this widget's own minimum follows: a stale one let the list run under its buttons (issue 35)
    }
}

void MethodList::showEvent(QShowEvent* event)
{
    fitRows();
    QWidget::showEvent(event);
    fitHeight();
}

void MethodList::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitRows(); // another width wraps other entries
    fitHeight();
}

void MethodList::fitHeight()
{
    if (!layout() || !layout()->hasHeightForWidth())
        return;
    const int needed = layout()->totalHeightForWidth(width());
    if (needed > 0 && needed != minimumHeight())
        setMinimumHeight(needed); // a height change keeps the width: no resize loop
}

std::string MethodList::currentMethod() const
{
    const auto* item = m_list->currentItem();
    return item ? idOf(item) : std::string();
}

void MethodList::setCurrentMethod(const std::string& methodId)
{
    for (int i = 0; i < m_list->count(); ++i)
        if (idOf(m_list->item(i)) == methodId)
            m_list->setCurrentRow(i);
}

void MethodList::syncInstanceRows()
{
    // Instances ("yarn#2") are rows of their own, right below their method, while they are compared.
    const auto& keys = m_model->state().methods;
    for (int i = m_list->count() - 1; i >= 0; --i)
        if (MethodKey::parse(idOf(m_list->item(i))).instance > 1 &&
            std::find(keys.begin(), keys.end(), idOf(m_list->item(i))) == keys.end())
            delete m_list->takeItem(i);
    for (const auto& key : keys) {
        if (MethodKey::parse(key).instance == 1)
            continue;
        int row = -1, insertAt = -1;
        for (int i = 0; i < m_list->count(); ++i) {
            const std::string id = idOf(m_list->item(i));
            if (id == key)
                row = i;
            if (ParamState::methodIdOf(id) == ParamState::methodIdOf(key))
                insertAt = i + 1;
        }
        if (row >= 0)
            continue;
        auto* item = new QListWidgetItem;
        item->setData(Qt::UserRole, QString::fromStdString(key));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        m_list->insertItem(insertAt, item);
    }
    fitRows();
}

void MethodList::refresh()
{
    m_refreshing = true;
    syncInstanceRows();
    const std::string primary = m_model->primary();
    for (int i = 0; i < m_list->count(); ++i) {
        auto* item = m_list->item(i);
        const std::string id = idOf(item);
        // Each property only when it changes: a changed item re-lays out the list (and an icon never compares
        // equal), which cost a few ms of the GUI thread at every slider step.
        // An item that never had a state reads as Unchecked but shows no box (click and Space then do nothing):
        // the state is set whenever none was ever set (Qt::CheckStateRole invalid), not only when it differs.
        const Qt::CheckState check = m_model->isChecked(id) ? Qt::Checked : Qt::Unchecked;
        if (!item->data(Qt::CheckStateRole).isValid() || item->checkState() != check)
            item->setCheckState(check);
        if (QFont f = item->font(); f.bold() != (id == primary)) {
            f.setBold(id == primary);
            item->setFont(f);
        }
        const auto& def = ParamState::methodOf(id);
        const auto label = m_model->state().labels.find(id);
        QString name = label == m_model->state().labels.end()
                           ? CoreText::text(def.info.displayName)
                           : tr("%1 (%2)", "a loaded model's label (the method)")
                                 .arg(QString::fromStdString(label->second), CoreText::text(def.info.displayName));
        // Number and colour as the figures and the parameter panel do: the key's instance (MethodKey::label).
        const MethodKey key = MethodKey::parse(id);
        name = CoreText::withEngine(QString::fromStdString(key.label(name.toStdString())), m_model->resolved(id));
        if (const QColor color = methodColor(key.format()); item->data(kSwatchRole).value<QColor>() != color) {
            item->setIcon(swatch(color));
            item->setData(kSwatchRole, color);
        }
        // A badge for own values of shared parameters: "YaRN  [own: factor]".
        QStringList own;
        for (const auto& shared : ParamsModel::sharedNames())
            if (m_model->isOverridden(id, shared))
                if (const auto* spec = def.findParam(shared))
                    own << CoreText::label(*spec);
        if (!own.isEmpty())
            name += tr("  [own: %1]").arg(own.join(QObject::tr(", ")));

        if (const QString text = name + (id == primary ? Translations::keptWhole(tr("  (primary)")) : QString()); item->text() != text)
            item->setText(text);
    }
    m_refreshing = false;
    fitRows(); // a wrapped entry is taller
}

} // namespace posenc::widgets
