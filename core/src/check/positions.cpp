// SPDX-License-Identifier: GPL-3.0-or-later
// The rows' positions of a checked table (posenc check --positions, File > Check implementation's Positions):
// START:COUNT or P,P,... (check.h parseCheckPositions).
#include "posenc/check.h"
#include "posenc/errors.h"

#include <algorithm>
#include <string>

namespace posenc {

void parseCheckPositions(const std::string& text, CheckRequest& r)
{
    const auto bad = [&](const std::string& why) {
        throw InvalidInput("positions", "--positions " + text + ": " + why +
                                            " (START:COUNT, e.g. 0:4096, or a list, e.g. 0,1,2,4096)");
    };
    const std::size_t colon = text.find(':');
    const auto parse = [&](const std::string& s, const char* what) -> std::int64_t {
        if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos)
            bad(std::string(what) + " is not a non-negative integer");
        if (s.size() > 15)
            bad(std::string(what) + " is too large");
        return std::stoll(s);
    };
    if (text.find(',') != std::string::npos) {
        if (colon != std::string::npos)
            bad("a list of positions has no ':'");
        std::size_t begin = 0;
        while (begin <= text.size()) {
            const std::size_t end = std::min(text.find(',', begin), text.size());
            const std::int64_t p = parse(text.substr(begin, end - begin), "a listed position");
            if (!r.positions.empty() && p <= r.positions.back())
                bad("the listed positions must increase (" + std::to_string(p) + " after " +
                    std::to_string(r.positions.back()) + ")");
            r.positions.push_back(p);
            begin = end + 1;
        }
        r.firstPosition = r.positions.front();
        return;
    }
    r.firstPosition = parse(text.substr(0, colon), "START");
    if (colon != std::string::npos && colon + 1 < text.size()) {
        r.count = parse(text.substr(colon + 1), "COUNT");
        if (*r.count == 0)
            bad("COUNT must be at least 1");
    }
}

} // namespace posenc
