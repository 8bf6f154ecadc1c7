// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc commands`: the command table itself (words, synopsis, summary, each option's name, range, default and
// help), as text or JSON, so that a program driving `posenc` (the Python module) reads the flags from it.
#include "cli_common.h"
#include "commands_list.h"

#include <iostream>

namespace posenc::cli {

namespace {

void writeJson(std::ostream& out)
{
    io::JsonWriter w(out);
    w.beginObject().key("commands").beginArray();
    for (const auto& c : headlessCommands()) {
        w.beginObject();
        w.key("words").beginArray();
        for (const auto& word : c.words)
            w.value(word);
        w.endArray();
        w.field("synopsis", c.synopsis).field("summary", c.summary).field("takes_method", c.takesMethod);
        w.field("positional", c.positionalArgs);
        w.key("options").beginArray();
        for (const auto& o : c.options) {
            w.beginObject();
            w.field("name", o.spec.name).field("range", o.spec.rangeText());
            w.field("default", formatValue(o.spec.defaultValue)).field("help", o.spec.help);
            w.endObject();
        }
        w.endArray();
        w.endObject();
    }
    w.endArray().endObject();
}

int run(const Args& args)
{
    const std::string format = choiceOption(args, "format");
    writeOutput(args, [&](std::ostream& out) {
        if (format == "json") {
            writeJson(out);
            return;
        }
        for (const auto& c : headlessCommands())
            out << commandName(c) << " — " << c.summary << "\n";
    });
    return 0;
}

} // namespace

Command commandsCommand()
{
    return {{"commands"},
            "posenc commands [--format text|json] [-o FILE]",
            "List the commands with their options (the table the flags come from).",
            {choiceOpt("format", "output format", "text", {"text", "json"})},
            false,
            run};
}

} // namespace posenc::cli
