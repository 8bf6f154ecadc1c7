// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer harness: the preset parser (Presets::parse, the JSON files of resources/presets and the user's own).
// InvalidInput is the expected outcome of a malformed preset; anything else is a finding.
#include "explorer/Presets.h"

#include "posenc/errors.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    try {
        (void)posenc::widgets::Presets::parse(bytes, QStringLiteral("fuzz.json"));
    } catch (const posenc::InvalidInput&) {
        // rejected with a message: the expected outcome
    }
    return 0;
}
