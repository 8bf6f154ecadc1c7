// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/Presets.h"
#include "explorer/SafeFileReader.h"

#include "explorer/ParamsModel.h"
#include "i18n/ErrorText.h"

#include "posenc/errors.h"
#include "posenc/registry.h"

#include <QCoreApplication>
#include <QDir>

#include <QFile>
#include <QFileInfo>

#include <algorithm>

// The resources live in a static library: make sure they are registered before the first lookup.
static void initPresetResources()
{
    Q_INIT_RESOURCE(posenc);
}

namespace posenc::widgets {

namespace {

[[noreturn]] void fail(const QString& origin, const QString& what)
{
    throw InvalidInput("preset", QCoreApplication::translate("posenc::widgets::Presets", "Preset %1: %2")
                                     .arg(origin, what)
                                     .toStdString());
}

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

const ParamSpec* findSpec(const std::vector<std::string>& methods, const std::string& name)
{
    for (const auto& id : methods)
        if (const auto* spec = Registry::instance().find(id).findParam(name))
            return spec;
    return nullptr;
}

void addMethod(ParamState& state, const std::string& id)
{
    if (std::find(state.methods.begin(), state.methods.end(), id) == state.methods.end())
        state.methods.push_back(id);
}

} // namespace

QString Presets::builtInDir()
{
    return QStringLiteral(":/presets");
}

QString Presets::defaultFileName()
{
    return QStringLiteral("llama-2-7b.json");
}

ParamState Presets::stateFor(const io::HfConfig& config)
{
    ParamState state;
    const io::HfEncoding& primary = config.encodings.front();
    for (const auto& e : config.encodings) {
        addMethod(state, e.method);
        state.labels.emplace(e.method, e.name);
    }
    const io::PresetInfo info = config.preset.value_or(io::PresetInfo{});
    for (const auto& id : info.compare)
        addMethod(state, id);
    // shared values: the primary encoding's, then the preset's own (for the compared methods)
    for (const auto& [name, value] : primary.params.values())
        if (ParamState::isShared(name))
            state.shared[name] = value;
    std::map<std::string, ParamValue> compareOwn;
    for (const auto& [name, text] : info.shared) {
        const ParamSpec* spec = findSpec(state.methods, name);
        if (!spec)
            throw InvalidInput("posenc.shared." + name, "posenc.shared." + name + ": no compared method has it");
        ParamValue v = parseValue(*spec, text);
        checkValue(*spec, v);
        (ParamState::isShared(spec->name) ? state.shared : compareOwn)[spec->name] = v;
    }
    // each encoding keeps what differs from the shared values; compared methods inherit the primary's geometry.
    // A preset's own values reach the encodings too where the config leaves them unset (an M-RoPE model's token
    // layout: without one its t, h and w ids are the same text diagonal).
    for (const auto& e : config.encodings) {
        auto& own = state.own[e.method];
        for (const auto& [name, value] : e.params.values()) {
            const auto s = state.shared.find(name);
            if (!ParamState::isShared(name) || s == state.shared.end() || !(s->second == value))
                own[name] = value;
        }
        for (const auto& [name, value] : compareOwn)
            if (!e.params.has(name) && Registry::instance().find(e.method).findParam(name))
                own[name] = value; // replaces the config's unset value
    }
    for (const auto& id : info.compare) {
        const auto& def = Registry::instance().find(id);
        auto& own = state.own[id];
        for (const auto& [name, value] : primary.params.values())
            if (!ParamState::isShared(name) && def.findParam(name) && name != "seq-len")
                own.emplace(name, value);
        for (const auto& [name, value] : compareOwn)
            if (def.findParam(name))
                own[name] = value;
        if (own.empty())
            state.own.erase(id);
    }
    return state;
}

Preset Presets::parse(const QByteArray& json, const QString& origin)
{
    io::HfConfig config;
    try {
        io::HfConfigOptions options;
        options.origin = origin.toStdString();
        options.compareEras = false;
        config = io::parseHfConfig(std::string_view(json.constData(), static_cast<std::size_t>(json.size())), options);
    } catch (const InvalidInput& e) {
        fail(QFileInfo(origin).fileName(), ErrorText::of(e));
    }
    Preset preset;
    preset.fileName = QFileInfo(origin).fileName();
    preset.path = origin;
    const io::PresetInfo info = config.preset.value_or(io::PresetInfo{});
    preset.name = q(info.name.empty() ? config.modelName : info.name);
    preset.description = q(info.description);
    preset.order = info.order;
    preset.warnings = config.warnings;
    preset.notes = config.notes;
    preset.config = std::make_shared<const io::HfConfig>(config);
    try {
        preset.state = stateFor(config);
        if (info.length)
            preset.state.length = *info.length;
        for (const auto& id : preset.state.methods)
            Registry::validate(Registry::instance().find(id), preset.state.resolve(id));
    } catch (const InvalidInput& e) {
        fail(preset.fileName, ErrorText::of(e));
    }
    return preset;
}

Preset Presets::load(const QString& path)
{
    QByteArray data;
    try {
        data = SafeFileReader::read(path);
    } catch (const InvalidInput& e) {
        fail(path, QString::fromUtf8(e.what()).remove(0, path.size() + 2)); // the reason, after "PATH: "
    }
    return parse(data, path);
}

std::vector<Preset> Presets::builtIn(QStringList* errors)
{
    initPresetResources();
    std::vector<Preset> out;
    const QDir dir(builtInDir());
    for (const auto& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        try {
            out.push_back(load(dir.filePath(name)));
        } catch (const InvalidInput& e) {
            if (errors)
                errors->append(ErrorText::of(e));
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const Preset& a, const Preset& b) { return a.order < b.order; });
    return out;
}

Preset Presets::builtIn(const QString& fileName)
{
    initPresetResources();
    // A name from the settings file: a plain file name inside the built-in folder, never a path elsewhere.
    if (fileName.isEmpty() || fileName.contains(QLatin1Char('/')) || fileName.contains(QLatin1Char('\\')) ||
        fileName.startsWith(QLatin1Char('.')))
        fail(fileName,
             QCoreApplication::translate("posenc::widgets::Presets", "is not the file name of a built-in preset"));
    return load(QDir(builtInDir()).filePath(fileName));
}

} // namespace posenc::widgets
