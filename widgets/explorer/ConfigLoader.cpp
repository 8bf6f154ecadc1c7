// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/ConfigLoader.h"

#include "explorer/ParamsModel.h"
#include "explorer/Presets.h"
#include "explorer/SafeFileReader.h"
#include "explorer/Settings.h"
#include "i18n/CoreText.h"
#include "i18n/ErrorText.h"
#include "i18n/PhraseText.h"

#include "posenc/errors.h"
#include "posenc/grid_rope.h"
#include "posenc/registry.h"

#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QMimeData>
#include <QUrl>

#include <algorithm>

namespace posenc::widgets {

namespace {

constexpr int kRecentCount = 8;

} // namespace

ConfigLoader::ConfigLoader(ParamsModel* model, Settings* settings, QObject* parent)
    : QObject(parent), m_model(model), m_settings(settings)
{
}

ParamState ConfigLoader::stateWithConfig(const QString& path, const ParamState& current, io::HfConfig* resolved)
{
    const io::HfConfig config = io::loadHfConfig(path.toStdString());
    ParamState state = Presets::stateFor(config);
    state.length = current.length;
    if (config.preset && config.preset->length)
        state.length = *config.preset->length;
    else if (const auto max = config.encodings.front().maxPositionEmbeddings;
             max && *max >= kMinLength && *max <= kMaxLength)
        state.length = *max;
    // A model's rows (labelled with its name: a config's or a preset's encodings) describe that model only: the
    // new config's shared values (base, factor, head size) would redraw them with another model's numbers under
    // the old model's name. They leave; the methods compared beside them (unlabelled) stay.
    ParamState others = current;
    for (const auto& [key, label] : current.labels) {
        others.methods.erase(std::remove(others.methods.begin(), others.methods.end(), key), others.methods.end());
        others.own.erase(key);
        others.labels.erase(key);
    }
    state.keepOthersFrom(others);
    if (resolved)
        *resolved = config;
    return state;
}

bool ConfigLoader::open(const QString& path)
{
    if (openDiffusers(path))
        return true;
    io::HfConfig config;
    ParamState state;
    try {
        state = stateWithConfig(path, m_model->state(), &config);
    } catch (const InvalidInput& e) {
        emit failed(ErrorText::of(e));
        return false;
    }
    const QString model = QString::fromStdString(config.modelName);
    m_model->setState(state, tr("Open config %1").arg(model));
    remember(path);
    m_loaded = QStringList{path}; // the previous config's rows were replaced (stateWithConfig)
    QStringList details;
    // worded from core's phrases (io::HfConfig::warningPhrases, notePhrases) in the interface's language
    for (const auto& w : config.warningPhrases)
        details << tr("Warning: %1").arg(PhraseText::text(w));
    for (const auto& n : config.notePhrases)
        details << tr("Note: %1").arg(PhraseText::text(n));
    QStringList methods;
    for (const auto& e : config.encodings)
    {
        // the config's rope_type as written, then the method it is drawn with, by the name the method list shows
        const MethodDef* def = Registry::instance().tryFind(e.method);
        methods << tr("%1 → %2", "a config's rope_type, then the method drawn for it")
                       .arg(QString::fromStdString(e.ropeType),
                            def ? CoreText::text(def->info.displayName) : QString::fromStdString(e.method));
    }
    const auto eraNotes = std::count_if(config.notePhrases.begin(), config.notePhrases.end(),
                                        [](const Phrase& n) { return n.id.rfind("config.era.", 0) == 0; });
    QString summary =
        tr("%1: %2 (HF %3)")
            .arg(model, methods.join(QObject::tr(", ")), QString::fromStdString(io::toString(config.era)));
    if (!config.warnings.empty())
        summary += tr("; %n warning(s)", nullptr, static_cast<int>(config.warnings.size()));
    if (eraNotes > 0)
        summary += tr("; %n difference(s) in other HF eras", nullptr, static_cast<int>(eraNotes));
    emit opened(summary, details.join(QLatin1Char('\n')));
    emit configLoaded(std::make_shared<const io::HfConfig>(std::move(config)));
    return true;
}

bool ConfigLoader::openDiffusers(const QString& path)
{
    // A diffusers transformer/config.json is recognised by its _class_name; it sets no method's parameters (its
    // RoPE is axial), the Grid view draws it.
    QString error;
    const std::shared_ptr<const grid::Model> model = readDiffusers(path, &error);
    if (!error.isEmpty())
        emit failed(error);
    if (!model)
        return !error.isEmpty();
    remember(path);
    m_gridConfig = path;
    QStringList details;
    for (const auto& n : model->notePhrases)
        details << tr("Note: %1").arg(PhraseText::text(n));
    emit opened(tr("%1: %2, axial RoPE (the Grid view, family auto)")
                    .arg(QString::fromStdString(model->className), QString::fromStdString(model->method)),
                details.join(QLatin1Char('\n')));
    emit gridModelLoaded(model);
    return true;
}

std::shared_ptr<const grid::Model> ConfigLoader::readDiffusers(const QString& path, QString* error)
{
    error->clear();
    QByteArray bytes;
    try {
        bytes = SafeFileReader::read(path, 1 << 22); // a FIFO or a device is refused, not waited on
    } catch (const InvalidInput&) {
        return nullptr; // not one: the HF reader reports what is wrong with the file
    }
    const std::string_view text(bytes.constData(), static_cast<std::size_t>(bytes.size()));
    if (!grid::isDiffusersConfig(text))
        return nullptr;
    try {
        return std::make_shared<const grid::Model>(grid::fromDiffusersConfig(text, path.toStdString()));
    } catch (const InvalidInput& e) {
        *error = ErrorText::of(e);
        return nullptr;
    }
}

QStringList ConfigLoader::loaded() const
{
    return m_gridConfig.isEmpty() ? m_loaded : m_loaded + QStringList{m_gridConfig};
}

QStringList ConfigLoader::reattach(const QStringList& paths)
{
    QStringList warnings;
    for (const QString& path : paths) {
        QString gridError;
        if (const auto model = readDiffusers(path, &gridError)) {
            m_gridConfig = path;
            emit gridModelLoaded(model);
            continue;
        }
        if (!gridError.isEmpty()) {
            warnings << tr("configs: %1 cannot be read (%2); the session's values are kept").arg(path, gridError);
            continue;
        }
        io::HfConfig config;
        try {
            config = io::loadHfConfig(path.toStdString());
        } catch (const InvalidInput& e) {
            warnings
                << tr("configs: %1 cannot be read (%2); the session's values are kept").arg(path, ErrorText::of(e));
            continue;
        }
        if (!m_loaded.contains(path))
            m_loaded << path;
        emit configLoaded(std::make_shared<const io::HfConfig>(config));
        const ParamState fromFile = Presets::stateFor(config);
        QStringList changed;
        for (const auto& key : fromFile.methods) {
            if (!m_model->isChecked(key)) {
                changed << QString::fromStdString(key);
                continue;
            }
            const ParamSet file = fromFile.resolve(key), session = m_model->resolved(key);
            for (const auto& [name, value] : file.values())
                if (!session.has(name) || !(session.get(name) == value))
                    changed << QStringLiteral("%1 %2").arg(QString::fromStdString(key), QString::fromStdString(name));
        }
        if (!changed.isEmpty())
            // the session does not record the file's contents: an edit after opening it looks the same
            warnings << tr("configs: %1 holds other values than the session (%2): the file changed after the session "
                           "was saved, or these values were edited after it was opened; the session's values are kept")
                            .arg(path, changed.join(QObject::tr(", ")));
    }
    return warnings;
}

QStringList ConfigLoader::droppedFiles(const QMimeData* mime)
{
    QStringList out;
    if (!mime || !mime->hasUrls())
        return out;
    for (const auto& url : mime->urls())
        if (url.isLocalFile())
            out << url.toLocalFile();
    return out;
}

QStringList ConfigLoader::recentFiles() const
{
    return m_settings->recentConfigs();
}

void ConfigLoader::remember(const QString& path)
{
    QStringList list = m_settings->recentConfigs();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kRecentCount)
        list.removeLast();
    m_settings->setRecentConfigs(list);
}

void ConfigLoader::fillRecentMenu(QMenu* menu)
{
    menu->clear();
    const QStringList files = recentFiles();
    for (const auto& path : files) {
        auto* a = menu->addAction(QFileInfo(path).fileName(), this, [this, path] { open(path); });
        a->setToolTip(path);
    }
    if (files.isEmpty())
        menu->addAction(tr("(none)"))->setEnabled(false);
    menu->setToolTipsVisible(true);
}

} // namespace posenc::widgets
