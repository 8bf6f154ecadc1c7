// SPDX-License-Identifier: GPL-3.0-or-later
#include "guide/Gallery.h"

#include "posenc/param_state.h"
#include "figures/FigureSpec.h"

#include "posenc/errors.h"
#include "posenc/registry.h"

#include <QCoreApplication>

#include <algorithm>

namespace posenc::widgets {

namespace {

/// The explorer's key of the k-th method of the list: "id" for the first of its kind, "id#2" for the second...
std::vector<std::string> methodKeys(const GalleryEntry& entry)
{
    std::vector<std::string> keys;
    for (std::size_t i = 0; i < entry.methods.size(); ++i) {
        const auto same = std::count_if(entry.methods.begin(), entry.methods.begin() + static_cast<long>(i),
                                        [&](const GalleryMethod& m) { return m.id == entry.methods[i].id; });
        keys.push_back(MethodKey{entry.methods[i].id, static_cast<int>(same) + 1}.format());
    }
    return keys;
}

ParamValue methodValue(const GalleryEntry& entry, const std::string& methodId, const std::string& name,
                       const std::string& text)
{
    const ParamSpec* spec = Registry::instance().find(methodId).findParam(name);
    if (!spec)
        throw InvalidInput(name, "gallery " + entry.id + ": " + methodId + " has no parameter '" + name + "'");
    return parseValue(*spec, text);
}

} // namespace

QString galleryTitle(const GalleryEntry& entry)
{
    return QCoreApplication::translate("posenc::gallery", entry.title.c_str());
}

QString galleryCaption(const GalleryEntry& entry)
{
    return QCoreApplication::translate("posenc::gallery", entry.caption.c_str());
}

std::vector<std::string> galleryRenderArgs(const GalleryEntry& entry)
{
    std::vector<std::string> args = {entry.view, "--method", entry.methods.front().id};
    for (const auto& [name, value] : entry.methods.front().params)
        args.insert(args.end(), {"--" + name, value});
    std::string compare;
    for (std::size_t i = 1; i < entry.methods.size(); ++i) {
        compare += (compare.empty() ? "" : ",") + entry.methods[i].id;
        for (const auto& [name, value] : entry.methods[i].params)
            compare += ":" + name + "=" + value;
    }
    if (!compare.empty())
        args.insert(args.end(), {"--compare", compare});
    for (const auto& [name, value] : entry.shared)
        args.insert(args.end(), {"--" + name, value});
    if (entry.length > 0)
        args.insert(args.end(), {"--length", std::to_string(entry.length)});
    for (const auto& [name, value] : entry.options)
        args.insert(args.end(), {"--" + name, value});
    return args;
}

io::Session gallerySession(const GalleryEntry& entry)
{
    io::Session s;
    s.description = entry.title;
    s.state.methods = methodKeys(entry);
    for (std::size_t i = 0; i < entry.methods.size(); ++i)
        for (const auto& [name, text] : entry.methods[i].params)
            s.state.own[s.state.methods[i]][name] = methodValue(entry, entry.methods[i].id, name, text);
    for (const auto& [name, text] : entry.shared) {
        bool taken = false;
        for (std::size_t i = 0; i < entry.methods.size(); ++i) {
            if (!Registry::instance().find(entry.methods[i].id).findParam(name))
                continue;
            const ParamValue value = methodValue(entry, entry.methods[i].id, name, text);
            if (ParamState::isShared(name))
                s.state.shared[name] = value;
            else
                s.state.own[s.state.methods[i]][name] = value;
            taken = true;
        }
        if (!taken)
            throw InvalidInput(name, "gallery " + entry.id + ": no method takes '" + name + "'");
    }
    if (entry.length > 0)
        s.state.length = entry.length;
    const FigureSpec& view = figureSpec(entry.view);
    auto& options = s.views[entry.view];
    for (const ParamSpec& o : view.options)
        if (!std::holds_alternative<std::monostate>(o.defaultValue))
            options[o.name] = o.defaultValue;
    for (const auto& [name, text] : entry.options) {
        const ParamSpec* o = figureOption(view.kind, name);
        if (!o)
            throw InvalidInput(name,
                               "gallery " + entry.id + ": the " + entry.view + " view has no option '" + name + "'");
        options[name] = parseValue(*o, text);
    }
    s.currentView = entry.view;
    return s;
}

} // namespace posenc::widgets
