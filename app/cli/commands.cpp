// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands_list.h"

#include <algorithm>
#include <stdexcept>

namespace posenc::cli {

const std::vector<Command>& commands()
{
    // The headless table (headless_commands.cpp) with the commands that need the explorer's figure tables at
    // their places in the help order.
    static const std::vector<Command> all = [] {
        std::vector<Command> out = headlessCommands();
        const auto insertAfter = [&out](const std::string& name, const std::vector<Command>& more) {
            const auto at =
                std::find_if(out.begin(), out.end(), [&](const Command& c) { return commandName(c) == name; });
            if (at == out.end())
                throw std::logic_error("commands(): no command '" + name + "' to insert after");
            out.insert(at + 1, more.begin(), more.end());
        };
        insertAfter("compute matrix", {renderCommand()});
        insertAfter("compute bounds", {completionCommand(), galleryCommand(), renderAllCommand(), manpageCommand()});
        return out;
    }();
    return all;
}

const Command* findCommand(const std::vector<std::string>& words)
{
    return findCommand(commands(), words);
}

} // namespace posenc::cli
