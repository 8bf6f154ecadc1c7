// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc methods`: the registry, as text or JSON.
#include "cli_common.h"
#include "commands_list.h"

#include <iostream>

namespace posenc::cli {

namespace {

std::string typeName(ParamType t)
{
    switch (t) {
    case ParamType::Int:
        return "int";
    case ParamType::Real:
        return "real";
    case ParamType::Bool:
        return "bool";
    case ParamType::Choice:
        return "choice";
    case ParamType::RealList:
        return "list";
    case ParamType::Text:
        return "text";
    }
    return "?";
}

int run(const Args& args)
{
    const std::string format = choiceOption(args, "format");
    writeOutput(args, [&](std::ostream& out) {
        if (format == "text") {
            for (const auto& m : Registry::instance().methods()) {
                out << m.info.id;
                if (!m.info.aliases.empty()) {
                    out << " (";
                    for (std::size_t i = 0; i < m.info.aliases.size(); ++i)
                        out << (i ? ", " : "") << m.info.aliases[i];
                    out << ")";
                }
                out << " — " << m.info.displayName << " [" << toString(m.info.kind) << "]\n    " << m.info.summary
                    << "\n";
            }
            return;
        }
        io::JsonWriter w(out);
        w.beginObject().key("methods").beginArray();
        for (const auto& m : Registry::instance().methods()) {
            w.beginObject();
            w.field("id", m.info.id).field("name", m.info.displayName).field("summary", m.info.summary);
            w.field("kind", toString(m.info.kind)).field("citation", m.info.citation);
            w.key("aliases").beginArray();
            for (const auto& a : m.info.aliases)
                w.value(a);
            w.endArray();
            const auto enc = m.build(Registry::defaults(m));
            w.key("views").beginArray();
            for (View v : enc->views())
                w.value(toString(v));
            w.endArray();
            w.key("params").beginArray();
            for (const auto& p : m.info.params) {
                w.beginObject();
                w.field("name", p.name).field("type", typeName(p.type));
                w.key("default").value(p.defaultValue);
                if (p.type == ParamType::Int || p.type == ParamType::Real || p.type == ParamType::RealList) {
                    w.key("min").value(p.min).field("min_inclusive", p.minInclusive);
                    w.key("max").value(p.max).field("max_inclusive", p.maxInclusive);
                }
                w.field("range", p.rangeText());
                w.field("scale", p.scale == ScaleHint::Log ? "log" : "linear");
                w.field("unit", p.unit).field("optional", p.optional).field("help", p.help);
                if (!p.choices.empty()) {
                    w.key("choices").beginArray();
                    for (const auto& c : p.choices)
                        w.value(c);
                    w.endArray();
                }
                w.key("aliases").beginArray();
                for (const auto& a : p.aliases)
                    w.value(a);
                w.endArray();
                w.endObject();
            }
            w.endArray();
            w.endObject();
        }
        w.endArray().endObject();
    });
    return 0;
}

} // namespace

Command methodsCommand()
{
    return {{"methods"},
            "posenc methods [--format text|json] [-o FILE]",
            "List every method with its parameters (from the registry).",
            {choiceOpt("format", "output format", "text", {"text", "json"})},
            false,
            run};
}

} // namespace posenc::cli
