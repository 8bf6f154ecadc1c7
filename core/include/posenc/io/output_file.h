// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file output_file.h
/// An output destination named by the user (-o PATH), opened the way a shell redirection would be, but safe:
/// - "-": standard output, written straight through.
/// - an existing device, FIFO or socket (after following symlinks): opened and written straight through, never
///   replaced.
/// - a regular file, or a name that does not exist yet (a dangling symlink creates its target): written to a
///   hidden temporary file in the same folder (".NAME.tmp-XXXXXXXX", NAME shortened so the whole name stays
///   within 255 bytes), then renamed over the target on commit(). An existing file keeps its permission bits.
///   A failure, a destructor without commit(), or SIGINT/SIGTERM/SIGHUP (after installSignalCleanup())
///   removes the temporary file: no partial file is ever left.
/// Every write error is reported with the system's message (e.g. "No space left on device").

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

namespace posenc::io {

class OutputFile {
public:
    /// Opens the destination. expectedBytes > 0: for a regular file, the free space of its file system is
    /// checked first (std::runtime_error naming both sizes; nothing is created).
    explicit OutputFile(const std::string& path, std::uint64_t expectedBytes = 0);
    ~OutputFile(); ///< without commit(): removes the temporary file
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    std::ostream& stream();
    /// Raw write of a block (bypasses the stream's buffer after flushing it). Throws on error.
    void write(const char* data, std::size_t size);
    /// Flushes, checks every write, renames the temporary file into place. Throws std::runtime_error.
    void commit();
    /// Throws std::runtime_error naming the file and the system's reason when a write has failed so far (for a
    /// producer whose own error, e.g. a stream's "write failed", would hide the reason); else nothing.
    void throwIfWriteFailed() const;
    /// True when the output is written through (stdout, device, FIFO), not replaced atomically.
    bool direct() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m;
};

/// Installs SIGINT, SIGTERM and SIGHUP handlers that unlink the temporary files of open OutputFiles, then
/// re-raise the signal with its default action. Call once at program start (the CLI does; the GUI does not).
void installSignalCleanup();

} // namespace posenc::io
