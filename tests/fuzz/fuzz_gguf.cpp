// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer harness: the GGUF reader (gguf.h). Every input is parsed as a GGUF file; one that parses is resolved
// to rope encodings (its metadata read, its rope tensors decoded) and read as a table (position_embd.weight),
// as `posenc inspect`, `--config` and `--input FILE.gguf` do. InvalidInput is the expected outcome of a malformed
// file; anything else (a crash, a sanitizer report, another exception) is a finding.
#include "posenc/errors.h"
#include "posenc/io/gguf.h"
#include "posenc/io/tables.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace posenc;
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
    try {
        const io::GgufFile f = io::parseGguf(bytes, "fuzz.gguf");
        if (f.dataOffset > size && !f.tensors.empty())
            std::abort();
        for (const auto& t : f.tensors)
            if (t.offset + t.bytes > size - f.dataOffset)
                std::abort();
        try {
            io::HfConfigOptions o;
            o.origin = "fuzz.gguf";
            (void)io::ggufConfig(bytes, f, o);
        } catch (const InvalidInput&) {
        }
        io::TableReadOptions options;
        options.memoryBudget = std::size_t(256) << 20;
        const Matrix m = io::readGguf(bytes, "", options, "fuzz.gguf");
        if (m.data.size() != m.rows * m.cols)
            std::abort();
    } catch (const InvalidInput&) {
        // rejected with a message: the expected outcome
    }
    return 0;
}
