// SPDX-License-Identifier: GPL-3.0-or-later
// Core's phrases (phrase.h) worded in English from the template tables (phrase_check.cpp, phrase_config.cpp).
#include "posenc/phrase.h"

#include "phrase_templates.h"

#include <map>
#include <stdexcept>

namespace posenc {

namespace {

const std::map<std::string, std::string>& templates()
{
    static const detail::PhraseTemplates t = [] {
        detail::PhraseTemplates all;
        detail::addCheckTemplates(all);
        detail::addConfigTemplates(all);
        detail::addGridTemplates(all);
        return all;
    }();
    return t;
}

} // namespace

const std::string& englishTemplate(const std::string& id)
{
    static const std::string none;
    const auto it = templates().find(id);
    return it == templates().end() ? none : it->second;
}

std::vector<std::string> phraseIds()
{
    std::vector<std::string> ids;
    for (const auto& [id, text] : templates())
        ids.push_back(id);
    return ids;
}

std::string english(const Phrase& p)
{
    if (p.id.empty())
        return p.text;
    const auto it = templates().find(p.id);
    if (it == templates().end())
        throw std::logic_error("phrase " + p.id + " has no English template");
    const std::string& t = it->second;
    std::string out;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] == '%' && i + 1 < t.size() && t[i + 1] >= '1' && t[i + 1] <= '9') {
            const std::size_t k = static_cast<std::size_t>(t[i + 1] - '1');
            if (k >= p.args.size())
                throw std::logic_error("phrase " + p.id + " lacks argument %" + t.substr(i + 1, 1));
            out += english(p.args[k]);
            ++i;
        } else {
            out += t[i];
        }
    }
    return out;
}

} // namespace posenc
