// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/Presets.h"
#include "explorer/SafeFileReader.h"

#include "posenc/errors.h"
#include "posenc/registry.h"

#include <QDir>

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

// The resources live in a static library: make sure they are registered before the first lookup.
static void initPresetResources() { Q_INIT_RESOURCE(posenc); }

namespace posenc::widgets {

namespace {

[[noreturn]] void fail(const QString& origin, const QString& what)
{
    throw InvalidInput("preset", QStringLiteral("Preset %1: %2").arg(origin, what).toStdString());
}

QString q(const std::string& s) { return QString::fromStdString(s); }

ParamValue toValue(const ParamSpec& spec, const QJsonValue& json, const QString& origin, const QString& where)
{
    ParamValue value;
    try {
        if (json.isNull()) {
            if (!spec.optional)
                fail(origin, QStringLiteral("%1 may not be null (it is not optional)").arg(where));
            return value;
        }
        if (json.isString()) {
            value = parseValue(spec, json.toString().toStdString());
        } else {
            switch (spec.type) {
            case ParamType::Int:
            case ParamType::Real:
                if (!json.isDouble())
                    fail(origin, QStringLiteral("%1 must be a number").arg(where));
                value = json.toDouble();
                if (spec.type == ParamType::Int && std::floor(json.toDouble()) != json.toDouble())
                    fail(origin, QStringLiteral("%1 must be an integer, got %2").arg(where).arg(json.toDouble()));
                break;
            case ParamType::Bool:
                if (!json.isBool())
                    fail(origin, QStringLiteral("%1 must be true or false").arg(where));
                value = json.toBool();
                break;
            case ParamType::Choice:
                fail(origin, QStringLiteral("%1 must be a string, one of %2").arg(where, q(spec.rangeText())));
            case ParamType::RealList: {
                if (!json.isArray())
                    fail(origin, QStringLiteral("%1 must be an array of numbers").arg(where));
                std::vector<double> list;
                for (const auto& v : json.toArray()) {
                    if (!v.isDouble())
                        fail(origin, QStringLiteral("%1 must contain numbers only").arg(where));
                    list.push_back(v.toDouble());
                }
                value = std::move(list);
                break;
            }
            }
        }
        checkValue(spec, value);
    } catch (const InvalidInput& e) {
        if (e.param() == "preset")
            throw;
        fail(origin, QStringLiteral("%1: %2").arg(where, QString::fromUtf8(e.what())));
    }
    return value;
}

const ParamSpec* findSharedSpec(const std::vector<std::string>& methods, const std::string& name)
{
    for (const auto& id : methods)
        if (const auto* spec = Registry::instance().find(id).findParam(name); spec && spec->name == name)
            return spec;
    for (const auto& def : Registry::instance().methods())
        if (const auto* spec = def.findParam(name); spec && spec->name == name)
            return spec;
    return nullptr;
}

} // namespace

QString Presets::builtInDir() { return QStringLiteral(":/presets"); }

QString Presets::defaultFileName() { return QStringLiteral("llama-2-7b.json"); }

Preset Presets::parse(const QByteArray& json, const QString& origin)
{
    QJsonParseError error{};
    const auto doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        fail(origin, QStringLiteral("not valid JSON (%1 at byte %2)").arg(error.errorString()).arg(error.offset));
    if (!doc.isObject())
        fail(origin, QStringLiteral("the top level must be a JSON object"));
    const auto root = doc.object();
    static const QStringList known{QStringLiteral("format"), QStringLiteral("order"),  QStringLiteral("name"),
                                   QStringLiteral("description"), QStringLiteral("length"), QStringLiteral("methods"),
                                   QStringLiteral("shared"), QStringLiteral("params")};
    for (const auto& key : root.keys())
        if (!known.contains(key))
            fail(origin, QStringLiteral("unknown key \"%1\" (known: %2)").arg(key, known.join(QStringLiteral(", "))));
    if (root.contains(QStringLiteral("format")) && root.value(QStringLiteral("format")).toString() != "posenc-preset-1")
        fail(origin, QStringLiteral("unsupported format \"%1\" (expected posenc-preset-1)")
                         .arg(root.value(QStringLiteral("format")).toString()));

    Preset preset;
    preset.fileName = QFileInfo(origin).fileName();
    preset.name = root.value(QStringLiteral("name")).toString();
    if (preset.name.isEmpty())
        fail(origin, QStringLiteral("\"name\" must be a non-empty string"));
    const auto description = root.value(QStringLiteral("description"));
    if (!description.isUndefined() && !description.isString())
        fail(origin, QStringLiteral("\"description\" must be a string"));
    preset.description = description.toString();
    const auto order = root.value(QStringLiteral("order"));
    if (!order.isUndefined() && (!order.isDouble() || std::floor(order.toDouble()) != order.toDouble() ||
                                 std::abs(order.toDouble()) > 1e9))
        fail(origin, QStringLiteral("\"order\" must be an integer in [-1e9, 1e9], got %1")
                         .arg(QString::fromUtf8(QJsonDocument(QJsonArray{order}).toJson(QJsonDocument::Compact))));
    preset.order = order.toInt(1000);

    const auto length = root.value(QStringLiteral("length"));
    if (!length.isUndefined()) {
        constexpr double kMaxLength = 1099511627776.0; // 2^40, as `posenc render --length`
        if (!length.isDouble() || std::floor(length.toDouble()) != length.toDouble() || length.toDouble() < 2 ||
            length.toDouble() > kMaxLength)
            fail(origin, QStringLiteral("\"length\" must be an integer number of positions in [2, 2^40], got %1")
                             .arg(QString::fromUtf8(
                                 QJsonDocument(QJsonArray{length}).toJson(QJsonDocument::Compact))));
        preset.state.length = static_cast<std::int64_t>(length.toDouble());
    }

    const auto methods = root.value(QStringLiteral("methods"));
    if (!methods.isArray() || methods.toArray().isEmpty())
        fail(origin, QStringLiteral("\"methods\" must be a non-empty array of method ids (the primary first)"));
    for (const auto& m : methods.toArray()) {
        const auto* def = Registry::instance().tryFind(m.toString().toStdString());
        if (!def)
            fail(origin, QStringLiteral("unknown method \"%1\" in \"methods\"").arg(m.toString()));
        if (std::find(preset.state.methods.begin(), preset.state.methods.end(), def->info.id) !=
            preset.state.methods.end())
            fail(origin, QStringLiteral("method \"%1\" is listed twice").arg(m.toString()));
        preset.state.methods.push_back(def->info.id);
    }

    const auto shared = root.value(QStringLiteral("shared"));
    if (!shared.isUndefined() && !shared.isObject())
        fail(origin, QStringLiteral("\"shared\" must be an object of parameter values"));
    const auto sharedObject = shared.toObject();
    for (auto it = sharedObject.begin(); it != sharedObject.end(); ++it) {
        const std::string name = it.key().toStdString();
        if (!ExplorerState::isShared(name))
            fail(origin, QStringLiteral("\"%1\" is not a shared parameter; put it under \"params\" (shared: %2)")
                             .arg(it.key(), q([] {
                                      std::string s;
                                      for (const auto& n : ExplorerState::sharedNames())
                                          s += (s.empty() ? "" : ", ") + n;
                                      return s;
                                  }())));
        const auto* spec = findSharedSpec(preset.state.methods, name);
        if (!spec)
            fail(origin, QStringLiteral("no method has a parameter \"%1\"").arg(it.key()));
        preset.state.shared[name] = toValue(*spec, it.value(), origin, QStringLiteral("shared.%1").arg(it.key()));
    }

    const auto params = root.value(QStringLiteral("params"));
    if (!params.isUndefined() && !params.isObject())
        fail(origin, QStringLiteral("\"params\" must be an object keyed by method id"));
    const auto paramsObject = params.toObject();
    for (auto m = paramsObject.begin(); m != paramsObject.end(); ++m) {
        const auto* def = Registry::instance().tryFind(m.key().toStdString());
        if (!def)
            fail(origin, QStringLiteral("unknown method \"%1\" in \"params\"").arg(m.key()));
        if (!m.value().isObject())
            fail(origin, QStringLiteral("params.%1 must be an object of parameter values").arg(m.key()));
        const auto values = m.value().toObject();
        for (auto p = values.begin(); p != values.end(); ++p) {
            const auto* spec = def->findParam(p.key().toStdString());
            if (!spec)
                fail(origin, QStringLiteral("%1 has no parameter \"%2\"").arg(q(def->info.displayName), p.key()));
            preset.state.own[def->info.id][spec->name] =
                toValue(*spec, p.value(), origin, QStringLiteral("params.%1.%2").arg(m.key(), p.key()));
        }
    }

    for (const auto& id : preset.state.methods) {
        const auto& def = Registry::instance().find(id);
        try {
            Registry::validate(def, preset.state.resolve(id));
        } catch (const InvalidInput& e) {
            fail(origin, QStringLiteral("%1: %2").arg(q(def.info.displayName), QString::fromUtf8(e.what())));
        }
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
                errors->append(QString::fromUtf8(e.what()));
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
        fail(fileName, QStringLiteral("is not the file name of a built-in preset"));
    return load(QDir(builtInDir()).filePath(fileName));
}

} // namespace posenc::widgets
