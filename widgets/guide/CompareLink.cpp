// SPDX-License-Identifier: GPL-3.0-or-later
#include "guide/CompareLink.h"

#include "figures/FigureTypes.h"

#include "posenc/errors.h"
#include "posenc/registry.h"

#include <QUrlQuery>

#include <algorithm>

namespace posenc::widgets {

namespace {

[[noreturn]] void fail(const std::string& key, const std::string& what)
{
    throw InvalidInput("link", "guide link, " + key + ": " + what);
}

ParamValue parsed(const MethodDef& def, const std::string& name, const std::string& text, const std::string& key)
{
    const ParamSpec* spec = def.findParam(name);
    if (!spec)
        fail(key, "method " + def.info.id + " has no parameter '" + name + "'");
    try {
        ParamValue v = parseValue(*spec, text);
        checkValue(*spec, v);
        return v;
    } catch (const InvalidInput& e) {
        fail(key, e.what());
    }
}

} // namespace

CompareLink CompareLink::parse(const QUrl& url)
{
    if (url.scheme() != QLatin1String("posenc") || url.host() != QLatin1String("compare"))
        fail("url", "expected posenc://compare?..., got " + url.toString().toStdString());
    CompareLink link;
    const QUrlQuery query(url);
    const auto items = query.queryItems(QUrl::FullyDecoded);

    std::vector<const MethodDef*> defs;
    for (const auto& [key, value] : items) {
        if (key != QLatin1String("methods"))
            continue;
        for (const auto& id : value.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const auto* def = Registry::instance().tryFind(id.toStdString());
            if (!def)
                fail("methods", "unknown method '" + id.toStdString() + "'");
            if (std::find(defs.begin(), defs.end(), def) == defs.end())
                defs.push_back(def);
            link.state.methods.push_back(def->info.id);
        }
    }
    if (defs.empty())
        fail("methods", "no method to compare");

    for (const auto& [qkey, qvalue] : items) {
        const std::string key = qkey.toStdString();
        const std::string value = qvalue.toStdString();
        if (key == "methods")
            continue;
        if (key == "view") {
            parseFigureKind(value); // throws for an unknown view
            link.view = qvalue;
            continue;
        }
        if (key == "length") {
            bool ok = false;
            const qint64 n = qvalue.toLongLong(&ok);
            if (!ok || n < 2)
                fail(key, "expected an integer >= 2, got '" + value + "'");
            link.state.length = n;
            continue;
        }
        if (const auto dot = key.find('.'); dot != std::string::npos) {
            const std::string id = key.substr(0, dot);
            const auto* def = Registry::instance().tryFind(id);
            if (!def || std::find(defs.begin(), defs.end(), def) == defs.end())
                fail(key, "'" + id + "' is not one of the compared methods");
            const std::string name =
                def->findParam(key.substr(dot + 1)) ? def->findParam(key.substr(dot + 1))->name : key.substr(dot + 1);
            link.state.own[def->info.id][name] = parsed(*def, name, value, key);
            continue;
        }
        bool used = false;
        for (const auto* def : defs) {
            const ParamSpec* spec = def->findParam(key);
            if (!spec)
                continue;
            const ParamValue v = parsed(*def, spec->name, value, key);
            if (ParamState::isShared(spec->name))
                link.state.shared[spec->name] = v;
            else
                link.state.own[def->info.id][spec->name] = v;
            used = true;
        }
        if (!used)
            fail(key, "no compared method has this parameter");
    }
    return link;
}

} // namespace posenc::widgets
