// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "posenc/param_state.h"

#include "posenc/grid_rope.h"
#include "posenc/io/hf_config.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

class QMenu;
class QMimeData;

namespace posenc::widgets {

class ParamsModel;
class Settings;

/// Opens Hugging Face config.json files (File ▸ Open config, drag and drop, the command line): their resolved
/// encoding(s) join the compared methods, named after the model; keeps the recent-files list.
class ConfigLoader : public QObject {
    Q_OBJECT
public:
    ConfigLoader(ParamsModel* model, Settings* settings, QObject* parent = nullptr);

    /// Resolves `path` (current HF semantics) and adds its encodings to the compared methods (one undo step).
    /// False, with failed() emitted, when the file cannot be read or resolved.
    bool open(const QString& path);

    /// The state after adding the config at `path` to `current`: the config's encodings first (labelled with the
    /// model name), then the methods of `current` the config does not have, except the rows of a model opened
    /// before (labelled ones): they would be drawn with this model's values. Throws InvalidInput.
    static ParamState stateWithConfig(const QString& path, const ParamState& current, io::HfConfig* resolved = nullptr);
    /// Local files among dropped URLs.
    static QStringList droppedFiles(const QMimeData* mime);

    /// The configs opened in this window (a saved session lists them by path): the HF configs, then the diffusers
    /// config the Grid view draws, if one was opened.
    QStringList loaded() const;
    /// A session's configs, after the session has set the parameters: each is read again and listed as loaded;
    /// the session's values are kept; a diffusers config gives the Grid view its model again. Returns one warning
    /// per config that cannot be read or now resolves to other values than the session's (the file changed since).
    QStringList reattach(const QStringList& paths);

    QStringList recentFiles() const;
    /// Rebuilds `menu` with the recent files (disabled placeholder when there are none).
    void fillRecentMenu(QMenu* menu);

signals:
    /// A config was added: one line for the status bar, and the warnings and notes (era differences) in full.
    void opened(const QString& summary, const QString& details);
    void failed(const QString& message);
    /// The config opened or reattached last (the Layers view draws its layers).
    void configLoaded(std::shared_ptr<const posenc::io::HfConfig> config);
    /// A diffusers transformer config (a `_class_name`, posenc/grid_rope.h) was opened: the Grid view draws it.
    void gridModelLoaded(std::shared_ptr<const posenc::grid::Model> model);

private:
    void remember(const QString& path);
    /// Opens `path` as a diffusers config when it is one (true, also when it is invalid: failed() says why).
    bool openDiffusers(const QString& path);
    /// The diffusers config at `path`: null when the file is not one (`*error` empty) or is an invalid one (`*error`
    /// says why).
    static std::shared_ptr<const grid::Model> readDiffusers(const QString& path, QString* error);

    ParamsModel* m_model;
    Settings* m_settings;
    QStringList m_loaded;
    QString m_gridConfig; ///< the diffusers config the Grid view draws (empty: none opened)
};

} // namespace posenc::widgets
