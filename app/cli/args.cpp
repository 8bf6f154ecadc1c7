// SPDX-License-Identifier: GPL-3.0-or-later
#include "args.h"

#include "posenc/errors.h"

namespace posenc::cli {

std::string Args::get(const std::string& name, const std::string& fallback) const
{
    const auto it = flags.find(name);
    return it == flags.end() ? fallback : it->second;
}

namespace {

void setFlag(Args& a, const std::string& name, const std::string& value)
{
    if (name.empty())
        throw InvalidInput(name, "'--=" + value + "': a flag name is missing");
    const auto [it, inserted] = a.flags.emplace(name, value);
    if (!inserted)
        throw InvalidInput(name, (name == "output" ? std::string("-o/--output") : "--" + name) + " is given twice ('" +
                                     it->second + "' and '" + value + "'); give it once");
}

} // namespace

Args parseArgs(int argc, char** argv, const std::set<std::string>& valueless)
{
    Args a;
    for (int i = 1; i < argc; ++i) {
        std::string word = argv[i];
        if (word == "-o") {
            if (i + 1 >= argc)
                throw InvalidInput("o", "-o needs a file name");
            setFlag(a, "output", argv[++i]);
            continue;
        }
        if (word.size() > 2 && word.rfind("--", 0) == 0) {
            std::string name = word.substr(2);
            const auto eq = name.find('=');
            if (eq != std::string::npos) {
                setFlag(a, name.substr(0, eq), name.substr(eq + 1));
                continue;
            }
            if (valueless.count(name)) {
                a.switches.insert(name);
                continue;
            }
            if (i + 1 >= argc)
                throw InvalidInput(name, "--" + name + " needs a value");
            setFlag(a, name, argv[++i]);
            continue;
        }
        if (word == "-h") {
            a.switches.insert("help");
            continue;
        }
        a.positional.push_back(word);
    }
    return a;
}

} // namespace posenc::cli
