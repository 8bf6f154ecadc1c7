// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer harness: the Hugging Face config.json parser (posenc::io::parseHfConfig), which also reads the
// built-in and user presets (a config with a "posenc" section). The first byte picks the HF era and whether a
// seq_len is given; the rest is the document. Every resolved encoding's frequencies are then evaluated.
// InvalidInput is the expected outcome of a malformed config; anything else is a finding.
#include "posenc/errors.h"
#include "posenc/io/hf_config.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace posenc;
    if (size == 0)
        return 0;
    io::HfConfigOptions options;
    const auto& eras = io::allHfEras();
    options.era = eras[data[0] % eras.size()];
    if (data[0] & 0x80)
        options.seqLen = 8192.0 * (1 + (data[0] & 0x0f));
    options.compareEras = (data[0] & 0x40) != 0;
    try {
        const io::HfConfig config =
            io::parseHfConfig(std::string_view(reinterpret_cast<const char*>(data + 1), size - 1), options);
        if (config.encodings.empty())
            std::abort(); // the parser promises at least one encoding
        for (const auto& e : config.encodings) {
            if (!e.encoding)
                std::abort();
            for (double f : e.invFreq)
                if (std::isnan(f))
                    std::abort(); // a frequency the reader let through must be a number
        }
    } catch (const InvalidInput&) {
        // rejected with a message: the expected outcome
    }
    return 0;
}
