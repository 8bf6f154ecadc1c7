// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer harness: the learned-table readers (.npy, .safetensors, CSV). The first byte picks the reader
// (0: by content as `--input` does, 1: .npy, 2: .safetensors with the only tensor, 3: .safetensors tensor "wpe",
// 4: CSV), so each parser sees every input whatever its magic. A table that loads must have the shape it says.
// InvalidInput is the expected outcome of a malformed file; anything else is a finding.
#include "posenc/errors.h"
#include "posenc/io/tables.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace posenc;
    if (size == 0)
        return 0;
    io::TableReadOptions options;
    options.memoryBudget = std::size_t(256) << 20; // below libFuzzer's RSS limit: larger shapes must be refused
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data + 1), size - 1);
    try {
        Matrix m;
        switch (data[0] % 5) {
        case 0:
            m = io::readTable(bytes, "", options, "fuzz");
            break;
        case 1:
            m = io::readNpy(bytes, options, "fuzz.npy");
            break;
        case 2:
            (void)io::listSafetensors(bytes, "fuzz.safetensors");
            m = io::readSafetensors(bytes, "", options, "fuzz.safetensors");
            break;
        case 3:
            m = io::readSafetensors(bytes, "wpe", options, "fuzz.safetensors");
            break;
        default:
            m = io::readCsv(std::string_view(reinterpret_cast<const char*>(data + 1), size - 1), options, "fuzz.csv");
            break;
        }
        if (m.data.size() != m.rows * m.cols)
            std::abort();
    } catch (const InvalidInput&) {
        // rejected with a message: the expected outcome
    }
    return 0;
}
