// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The image/video RoPE families (posenc/grid_rope.h) on `inspect`, `compute positions`, `compute matrix` and
// `compute frequencies`: a --config (or inspect's file) that is a diffusers transformer config (it has a
// _class_name) is answered here; every other file goes the usual way.

#include "options.h"

#include <optional>
#include <string>
#include <vector>

namespace posenc::cli {

/// The file's (or the Python module's in-memory config's) text when it is a diffusers config (it has a
/// _class_name) or --tower vision is given, else nullopt.
std::optional<std::string> diffusersConfigText(const Args& args, const std::string& path);
/// The same for --config, when given.
std::optional<std::string> diffusersConfigArg(const Args& args);

int runGridInspect(const Args& args, const std::string& path, const std::string& text);
int runGridPositions(const Args& args, const std::string& text);
int runGridMatrix(const Args& args, const std::string& text);
int runGridFrequencies(const Args& args, const std::string& text);
/// `posenc check` on an image/video config (grid_check_cli.cpp).
int runGridCheck(const Args& args, const std::string& text);

/// --tower vision (inspect, compute positions, compute matrix).
Option towerOption();
/// --columns rows|named (compute positions).
Option columnsOption();
/// --order: the token order of an image/video or vision-tower config (grid::Order).
Option orderOption();
/// --riflex-frames, --riflex-k, --riflex-repetition (compute frequencies).
std::vector<Option> riflexOptions();

} // namespace posenc::cli
