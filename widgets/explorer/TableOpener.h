// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

class QWidget;

namespace posenc::widgets {

class ParamsModel;

/// File ▸ Open table: reads a learned position table (.npy, .safetensors, CSV) off the GUI thread and makes it
/// the primary method (the registry's table method, with its table parameter set to the file). Regular files
/// only, at most kMaxFileBytes; a .safetensors file with several 2-D tensors asks which one.
class TableOpener : public QObject {
    Q_OBJECT
public:
    static constexpr qint64 kMaxFileBytes = qint64(16) << 30;

    TableOpener(ParamsModel* model, QWidget* window);

    /// Asks for a file, then opens it.
    void chooseAndOpen();
    /// Opens FILE or FILE.safetensors:TENSOR (asynchronously: opened() or failed() follows).
    void open(const QString& source);
    bool isBusy() const { return m_busy; }
    /// Who picks a tensor among several (default: a dialog). Returns the name, or empty to cancel.
    void setTensorChooser(std::function<QString(const QString& file, const QStringList& tensors)> chooser);

signals:
    void opened(const QString& source, qint64 rows, qint64 cols);
    void failed(const QString& message);

private:
    struct Probe {
        QString error;
        QStringList tensors; ///< readable 2-D tensors of a .safetensors file without a tensor name
        QStringList labels;  ///< "name (F32 1024x768)"
        qint64 rows = 0, cols = 0;
        QString source;
    };
    static Probe probe(const QString& source);
    void probed(const Probe& p);

    ParamsModel* m_model;
    QWidget* m_window;
    QFutureWatcher<Probe> m_watcher;
    bool m_busy = false;
    std::function<QString(const QString&, const QStringList&)> m_chooser;
};

} // namespace posenc::widgets
