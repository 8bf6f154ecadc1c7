// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The era comparison of parseHfConfig (HfConfigOptions::compareEras): what another era's reading changes.

#include "diagnostics.h"

#include "posenc/io/hf_config.h"

#include <optional>

namespace posenc::io::detail {

/// How `other` (another era's reading) differs from `here`, naming the differing values (issue 16 item 8: a note
/// only when the values differ, and which) as a phrase; empty when they agree to 1e-12 relative.
std::optional<Phrase> eraDifferences(const HfEncoding& other, const HfEncoding& here);

} // namespace posenc::io::detail
