// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/registry.h"

#include "methods/all_methods.h"
#include "methods/method_common.h"
#include "posenc/engine.h"
#include "posenc/errors.h"

#include <algorithm>

namespace posenc {

const ParamSpec* MethodDef::findParam(const std::string& nameOrAlias) const
{
    for (const auto& spec : info.params) {
        if (spec.name == nameOrAlias)
            return &spec;
        if (std::find(spec.aliases.begin(), spec.aliases.end(), nameOrAlias) != spec.aliases.end())
            return &spec;
    }
    return nullptr;
}

Registry::Registry()
{
    // The one list of methods: one line per method, in the order the GUI shows them.
    m_methods = {
        methods::ropeMethod(),         methods::piMethod(),         methods::ntkAwareMethod(),
        methods::dynamicNtkMethod(),   methods::ntkByPartsMethod(), methods::partNtkLegacyMethod(),
        methods::yarnMethod(),         methods::llama3Method(),     methods::longropeMethod(),
        methods::proportionalMethod(), methods::xposMethod(),       methods::sinusoidalMethod(),
        methods::learnedMethod(),      methods::alibiMethod(),      methods::t5Method(),
        methods::nopeMethod(),         methods::mropeMethod(),      methods::mropeInterleavedMethod(),
    };
}

const Registry& Registry::instance()
{
    static const Registry registry;
    return registry;
}

const MethodDef* Registry::tryFind(std::string_view idOrAlias) const
{
    for (const auto& m : m_methods) {
        if (m.info.id == idOrAlias)
            return &m;
        if (std::find(m.info.aliases.begin(), m.info.aliases.end(), idOrAlias) != m.info.aliases.end())
            return &m;
    }
    return nullptr;
}

const MethodDef& Registry::find(std::string_view idOrAlias) const
{
    if (const auto* m = tryFind(idOrAlias))
        return *m;
    std::string known;
    for (const auto& m : m_methods)
        known += (known.empty() ? "" : ", ") + m.info.id;
    throw InvalidInput("method", "unknown method '" + std::string(idOrAlias) + "'; known methods: " + known);
}

ParamSet Registry::defaults(const MethodDef& method)
{
    ParamSet p;
    for (const auto& spec : method.info.params)
        p.set(spec.name, spec.defaultValue);
    return p;
}

ParamSet Registry::resolve(const MethodDef& method, const std::map<std::string, std::string>& text)
{
    return resolve(method, defaults(method), text);
}

ParamSet Registry::resolve(const MethodDef& method, ParamSet start, const std::map<std::string, std::string>& text)
{
    ParamSet p = std::move(start);
    for (const auto& [name, value] : text) {
        const ParamSpec* spec = method.findParam(name);
        if (!spec) {
            std::string known;
            for (const auto& s : method.info.params)
                known += (known.empty() ? "" : ", ") + ("--" + s.name);
            throw InvalidInput(name,
                               "unknown parameter --" + name + " for method " + method.info.id +
                                   (known.empty() ? std::string(" (it takes no parameters)") : "; it takes " + known));
        }
        p.set(spec->name, parseValue(*spec, value));
    }
    validate(method, p);
    return p;
}

void Registry::validate(const MethodDef& method, const ParamSet& params)
{
    for (const auto& spec : method.info.params) {
        const auto it = params.values().find(spec.name);
        if (it == params.values().end())
            throw InvalidInput(spec.name, "parameter --" + spec.name + " is missing");
        checkValue(spec, it->second);
    }
    for (const auto& [name, value] : params.values()) {
        (void)value;
        if (!method.findParam(name))
            throw InvalidInput(name, "unknown parameter --" + name + " for method " + method.info.id);
    }
    if (method.validate)
        method.validate(params);
    if (method.findParam("engine") && params.has("engine")) {
        const Engine engine = parseEngine(params.choice("engine"));
        const std::string why = cannotExpress(engine, method.info.id, params);
        if (!why.empty())
            throw InvalidInput("engine", "--engine " + params.choice("engine") + " cannot express method " +
                                             method.info.id + ": " + why);
    }
}

std::vector<ParamWarning> Registry::warnings(const MethodDef& method, const ParamSet& params)
{
    std::vector<ParamWarning> out;
    if (method.info.kind == MethodKind::Rotary)
        out = methods::rotaryWarnings(method, params);
    if (method.warn) {
        auto own = method.warn(params);
        out.insert(out.end(), own.begin(), own.end());
    }
    return out;
}

std::shared_ptr<const Encoding> Registry::build(const MethodDef& method, const ParamSet& params)
{
    validate(method, params);
    auto encoding = method.build(params);
    // The engine and arithmetic of a rotary method instance (engine.h): HF's frequencies turned into the engine's.
    if (!method.findParam("engine") || !encoding->rotary())
        return encoding;
    const Engine engine = parseEngine(params.choice("engine"));
    const Arithmetic arithmetic = parseArithmetic(params.choice("arithmetic"));
    if (engine == Engine::Hf && arithmetic == Arithmetic::F64)
        return encoding;
    return makeEngineEncoding(arithmetic, method.info.id, params,
                              applyEngine(engine, method.info.id, params, *encoding->rotary()));
}

} // namespace posenc
