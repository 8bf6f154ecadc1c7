// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file session.h
/// The explorer's whole state as a versioned JSON document ("posenc-session", version 1): compared methods with
/// their parameters (tables and configs by path), view options, the current view and the window layout.
///
/// Format:
/// ```
/// {"format": "posenc-session", "version": 1, "description": "...",
///  "methods": ["yarn", "rope"],                  // checked methods, the primary first
///  "shared": {"factor": 8},                      // shared parameter values (ParamState::sharedNames)
///  "params": {"learned": {"input": "wpe.npy"}},  // per method: own values
///  "length": 32768,                              // positions shown
///  "configs": ["/models/llama/config.json"],     // loaded config files, by path
///  "views": {"heatmap": {"view": "cos"}, ...},   // view options per view id: numbers, booleans, strings, arrays
///  "current_view": "heatmap",
///  "preset": "llama-2-7b.json",                  // the preset the state started from (may be empty)
///  "window": {"geometry": "<base64>", ...},      // opaque layout blobs
///  "labels": {"rope": "Llama-2-7b (RoPE)"}}        // names shown for methods (a loaded model's)
/// ```
/// Reading is strict about the document (not JSON, not an object, another format or a newer version: InvalidInput
/// naming the problem) and lenient about values: an unknown method or parameter, a value of the wrong type or out
/// of range is dropped with a warning naming the key, the value and the valid range, so a damaged session never
/// stops the explorer from starting.

#include "posenc/errors.h"
#include "posenc/param_state.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace posenc::io {

inline constexpr int kSessionVersion = 1;
inline constexpr const char* kSessionFormat = "posenc-session";

using ValueMap = std::map<std::string, ParamValue>;

struct Session {
    std::string description;
    /// "methods" (canonical keys, the primary first), "shared" (shared parameters only), "params" (own values by
    /// key: ParamState::own), "length" and "labels": the explorer's state itself.
    ParamState state;
    std::vector<std::string> configs;      ///< loaded config files by path
    std::map<std::string, ValueMap> views; ///< view id -> option -> value (checked by the views when applied)
    std::string currentView;
    std::string preset;
    std::map<std::string, std::string> window; ///< the window layout (the one place it is kept), blobs by name

    bool operator==(const Session& other) const = default;
};

struct SessionLimits {
    std::int64_t minLength = kMinLength;
    std::int64_t maxLength = kMaxLength;
    std::size_t maxBytes = std::size_t(16) << 20; ///< largest document accepted
};

struct SessionLoad {
    Session session;
    std::vector<std::string> warnings; ///< values dropped, each naming the key, the value and the reason
    /// The same, one per warning, as errors located at "origin: key" (InvalidInput::located), with the
    /// parameter's rule kept, for a user interface that words them itself.
    std::vector<InvalidInput> problems;
};

/// Parses and validates a session document (methods and parameters against the registry). `origin` names the
/// document in messages. Throws InvalidInput("session", message) when the document itself is unusable.
SessionLoad parseSession(std::string_view json, const std::string& origin = "session",
                         const SessionLimits& limits = {});
/// Reads a session file (regular files only, at most limits.maxBytes).
SessionLoad readSessionFile(const std::string& path, const SessionLimits& limits = {});
/// The session as JSON text (pretty-printed, keys sorted).
std::string writeSession(const Session& session);
/// Writes the session atomically (a failed write leaves no partial file). Throws std::runtime_error.
void writeSessionFile(const std::string& path, const Session& session);

} // namespace posenc::io
