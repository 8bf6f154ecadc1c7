// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer harness: the session reader (posenc::io::parseSession). A session that loads is written back and
// must load again with the same methods and length (the writer produces what the reader accepts).
// InvalidInput is the expected outcome of a malformed session; anything else is a finding.
#include "posenc/errors.h"
#include "posenc/io/session.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace posenc;
    try {
        const io::SessionLoad first =
            io::parseSession(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.posenc");
        const std::string text = io::writeSession(first.session);
        const io::SessionLoad again = io::parseSession(text, "rewritten");
        if (again.session.state.methods != first.session.state.methods ||
            again.session.state.length != first.session.state.length)
            std::abort();
    } catch (const InvalidInput&) {
        // rejected with a message: the expected outcome
    }
    return 0;
}
