// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/TableOpener.h"

#include "explorer/ParamsModel.h"
#include "i18n/ErrorText.h"

#include "posenc/errors.h"
#include "posenc/io/table_cache.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QtConcurrent>

#include <algorithm>

namespace posenc::widgets {

TableOpener::TableOpener(ParamsModel* model, QWidget* window) : QObject(window), m_model(model), m_window(window)
{
    connect(&m_watcher, &QFutureWatcher<Probe>::finished, this, [this] { probed(m_watcher.result()); });
    m_chooser = [this](const QString& file, const QStringList& labels) {
        bool ok = false;
        const QString item = QInputDialog::getItem(
            m_window, tr("Open table"), tr("%1 holds several 2-D tensors. Which is the position table?").arg(file),
            labels, 0, false, &ok);
        return ok ? item : QString();
    };
}

void TableOpener::setTensorChooser(std::function<QString(const QString&, const QStringList&)> chooser)
{
    m_chooser = std::move(chooser);
}

void TableOpener::chooseAndOpen()
{
    const QString path =
        QFileDialog::getOpenFileName(m_window, tr("Open a learned position table"), QString(),
                                     tr("Position tables (*.npy *.safetensors *.csv *.tsv *.txt);;All files (*)"));
    if (!path.isEmpty())
        open(path);
}

TableOpener::Probe TableOpener::probe(const QString& source)
{
    Probe p;
    p.source = source;
    try {
        const io::TableSource s = io::parseTableSource(source.toStdString());
        const QFileInfo info(QString::fromStdString(s.path));
        if (info.exists() && !info.isFile())
            throw InvalidInput("input", s.path + ": is not a regular file");
        io::TableReadOptions options;
        options.maxFileBytes = static_cast<std::uint64_t>(kMaxFileBytes);
        if (s.tensor.empty() && info.suffix().compare(QLatin1String("safetensors"), Qt::CaseInsensitive) == 0) {
            for (const auto& t : io::listSafetensorsFile(s.path)) {
                if (!t.readableTable())
                    continue;
                p.tensors << QString::fromStdString(t.name);
                p.labels << QStringLiteral("%1 (%2 %3x%4)")
                                .arg(QString::fromStdString(t.name), QString::fromStdString(t.dtype))
                                .arg(t.shape[0])
                                .arg(t.shape[1]);
            }
            if (p.tensors.size() > 1)
                return p; // the GUI thread asks which one
            p.tensors.clear();
        }
        const auto table = io::loadTable(s, options); // read into the cache the figures build from
        p.rows = static_cast<qint64>(table->rows);
        p.cols = static_cast<qint64>(table->cols);
    } catch (const std::exception& e) {
        p.error = QString::fromUtf8(e.what()); // worded on the GUI thread (ErrorText)
    }
    return p;
}

void TableOpener::open(const QString& source)
{
    if (m_busy) {
        emit failed(tr("A table is still being read; try again when it is done."));
        return;
    }
    m_busy = true;
    m_watcher.setFuture(QtConcurrent::run(&TableOpener::probe, source));
}

void TableOpener::probed(const Probe& p)
{
    m_busy = false;
    if (!p.error.isEmpty()) {
        emit failed(ErrorText::text(p.error));
        return;
    }
    if (!p.tensors.isEmpty()) {
        const QString label = m_chooser(QFileInfo(p.source).fileName(), p.labels);
        const auto index = p.labels.indexOf(label);
        if (index >= 0)
            open(p.source + QLatin1Char(':') + p.tensors[index]);
        return;
    }
    const std::string id = io::tableMethod().info.id;
    ParamState state = m_model->state();
    state.own[id][io::kTableParam] = p.source.toStdString();
    state.methods.erase(std::remove(state.methods.begin(), state.methods.end(), id), state.methods.end());
    state.methods.insert(state.methods.begin(), id); // the table becomes the primary method
    state.length = std::clamp<std::int64_t>(p.rows, kMinLength, kMaxLength);
    m_model->setState(state, tr("Open table %1").arg(QFileInfo(p.source).fileName()));
    emit opened(p.source, p.rows, p.cols);
}

} // namespace posenc::widgets
