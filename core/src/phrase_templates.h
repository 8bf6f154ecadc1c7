// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The English template tables of core's phrases (phrase.h), one file per domain; phrase.cpp merges them.
#include <map>
#include <string>

namespace posenc::detail {

using PhraseTemplates = std::map<std::string, std::string>;

void addCheckTemplates(PhraseTemplates& t);  ///< posenc check (phrase_check.cpp)
void addConfigTemplates(PhraseTemplates& t); ///< config and GGUF reading notes and warnings (phrase_config.cpp)
void addGridTemplates(PhraseTemplates& t);   ///< diffusers and vision-tower config notes (phrase_grid.cpp)

} // namespace posenc::detail
