// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/io/output_file.h"

#include "posenc/matrix.h"

#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <random>
#include <stdexcept>
#include <streambuf>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace posenc::io {

namespace {

// ---- temporary files removed on a signal -------------------------------------------------------------------
// Fixed slots written before the temp file is created and cleared after it is renamed or removed; the handler
// only reads them (lock-free atomics) and calls unlink(), both async-signal-safe.
constexpr int kSlots = 8;
constexpr std::size_t kPathMax = PATH_MAX;
char g_tmpPaths[kSlots][kPathMax];
std::atomic<bool> g_tmpUsed[kSlots];
std::atomic<bool> g_slotTaken[kSlots];
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void cleanupAndReraise(int sig)
{
    for (int i = 0; i < kSlots; ++i)
        if (g_tmpUsed[i].load())
            (void)::unlink(g_tmpPaths[i]);
    ::signal(sig, SIG_DFL);
    ::raise(sig);
}

int registerTemp(const std::string& path)
{
    if (path.size() >= kPathMax)
        return -1;
    for (int i = 0; i < kSlots; ++i) {
        bool expected = false;
        if (g_slotTaken[i].compare_exchange_strong(expected, true)) {
            std::memcpy(g_tmpPaths[i], path.c_str(), path.size() + 1);
            g_tmpUsed[i].store(true);
            return i;
        }
    }
    return -1; // more than kSlots concurrent outputs: still removed on errors, not on signals
}

void unregisterTemp(int slot)
{
    if (slot < 0)
        return;
    g_tmpUsed[slot].store(false);
    g_slotTaken[slot].store(false);
}

std::string systemError(const std::string& path, int err)
{
    return "cannot write " + path + ": " + std::strerror(err);
}

// ---- an unbuffered-by-libc file descriptor stream -----------------------------------------------------------
class FdBuf : public std::streambuf {
public:
    FdBuf() : m_buf(1 << 16) { setp(m_buf.data(), m_buf.data() + m_buf.size()); }
    void setFd(int fd) { m_fd = fd; }
    int error() const { return m_error; }

    /// Writes everything or records errno (first error kept).
    bool writeAll(const char* p, std::size_t n)
    {
        while (n > 0 && m_error == 0) {
            const ssize_t w = ::write(m_fd, p, n);
            if (w < 0) {
                if (errno == EINTR)
                    continue;
                m_error = errno;
                return false;
            }
            p += w;
            n -= static_cast<std::size_t>(w);
        }
        return m_error == 0;
    }
    bool flushBuffer()
    {
        const auto n = static_cast<std::size_t>(pptr() - pbase());
        setp(m_buf.data(), m_buf.data() + m_buf.size());
        return writeAll(m_buf.data(), n);
    }

protected:
    int_type overflow(int_type ch) override
    {
        if (!flushBuffer())
            return traits_type::eof();
        if (!traits_type::eq_int_type(ch, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(ch);
            pbump(1);
        }
        return traits_type::not_eof(ch);
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override
    {
        if (n >= static_cast<std::streamsize>(m_buf.size()) / 2) { // large blocks bypass the buffer
            if (!flushBuffer() || !writeAll(s, static_cast<std::size_t>(n)))
                return 0;
            return n;
        }
        return std::streambuf::xsputn(s, n);
    }
    int sync() override { return flushBuffer() ? 0 : -1; }

private:
    std::vector<char> m_buf;
    int m_fd = -1;
    int m_error = 0;
};

/// Follows symlinks (up to 40) to the name a shell redirection would open.
std::string resolveLinks(std::string path)
{
    for (int depth = 0; depth < 40; ++depth) {
        struct stat st {};
        if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode))
            return path;
        std::vector<char> buf(PATH_MAX + 1);
        const ssize_t n = ::readlink(path.c_str(), buf.data(), buf.size() - 1);
        if (n < 0)
            return path;
        std::string target(buf.data(), static_cast<std::size_t>(n));
        if (!target.empty() && target.front() != '/') {
            const auto slash = path.rfind('/');
            if (slash != std::string::npos)
                target = path.substr(0, slash + 1) + target;
        }
        path = target;
    }
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(ELOOP));
}

/// ".NAME.tmp-XXXXXXXX" within 255 bytes; NAME cut on a UTF-8 character boundary if needed.
std::string tempName(const std::string& name, std::uint32_t random)
{
    constexpr std::size_t kSuffix = 5 + 8; // ".tmp-" + 8 hex digits
    std::size_t keep = std::min(name.size(), std::size_t(255) - 1 - kSuffix);
    while (keep > 0 && keep < name.size() && (static_cast<unsigned char>(name[keep]) & 0xC0) == 0x80)
        --keep;
    char hex[9];
    std::snprintf(hex, sizeof hex, "%08x", random);
    return "." + name.substr(0, keep) + ".tmp-" + hex;
}

} // namespace

struct OutputFile::Impl {
    std::string path;   ///< as given (messages)
    std::string target; ///< after following symlinks
    std::string tmp;    ///< empty when writing straight through
    int fd = -1;
    bool ownsFd = false;
    int slot = -1;
    bool committed = false;
    FdBuf buf;
    std::ostream out{&buf};

    void removeTemp()
    {
        if (ownsFd && fd >= 0)
            ::close(fd);
        fd = -1;
        if (!tmp.empty())
            (void)::unlink(tmp.c_str());
        unregisterTemp(slot);
        slot = -1;
    }
};

OutputFile::OutputFile(const std::string& path, std::uint64_t expectedBytes) : m(std::make_unique<Impl>())
{
    m->path = path;
    if (path == "-") {
        m->fd = STDOUT_FILENO;
        m->buf.setFd(m->fd);
        return;
    }
    if (path.empty())
        throw std::runtime_error("cannot write an empty file name");
    m->target = resolveLinks(path);
    struct stat st {};
    const bool exists = ::stat(m->target.c_str(), &st) == 0;
    if (exists && S_ISDIR(st.st_mode))
        throw std::runtime_error(systemError(path, EISDIR));
    if (exists && !S_ISREG(st.st_mode)) { // device, FIFO, socket: write through, never replace
        m->fd = ::open(m->target.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
        if (m->fd < 0)
            throw std::runtime_error(systemError(path, errno));
        m->ownsFd = true;
        m->buf.setFd(m->fd);
        return;
    }
    const auto slash = m->target.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : (slash == 0 ? "/" : m->target.substr(0, slash));
    const std::string name = slash == std::string::npos ? m->target : m->target.substr(slash + 1);
    struct stat ds {};
    if (::stat(dir.c_str(), &ds) != 0 || !S_ISDIR(ds.st_mode))
        throw std::runtime_error("cannot write " + path + ": folder " + dir + " does not exist");
    if (expectedBytes > 0) {
        struct statvfs fsInfo {};
        if (::statvfs(dir.c_str(), &fsInfo) == 0) {
            const double avail = static_cast<double>(fsInfo.f_bavail) * static_cast<double>(fsInfo.f_frsize);
            if (static_cast<double>(expectedBytes) > avail)
                throw std::runtime_error(systemError(path, ENOSPC) + " (it needs " +
                                         formatBytes(static_cast<double>(expectedBytes)) + " but only " +
                                         formatBytes(avail) + " is free on that file system)");
        }
    }
    std::random_device rd;
    for (int attempt = 0; attempt < 16 && m->fd < 0; ++attempt) {
        m->tmp = (slash == std::string::npos ? std::string() : dir + "/") + tempName(name, rd());
        m->slot = registerTemp(m->tmp);
        m->fd = ::open(m->tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (m->fd >= 0)
            break;
        const int err = errno;
        unregisterTemp(m->slot);
        m->slot = -1;
        if (err != EEXIST) {
            m->tmp.clear();
            throw std::runtime_error("cannot write " + path + ": folder " + dir + " is not writable (" +
                                     std::strerror(err) + ")");
        }
    }
    if (m->fd < 0) {
        m->tmp.clear();
        throw std::runtime_error(systemError(path, EEXIST));
    }
    m->ownsFd = true;
    if (exists)
        (void)::fchmod(m->fd, st.st_mode & 07777); // keep the replaced file's permissions
    m->buf.setFd(m->fd);
}

OutputFile::~OutputFile()
{
    if (!m->committed)
        m->removeTemp();
}

std::ostream& OutputFile::stream()
{
    return m->out;
}

bool OutputFile::direct() const
{
    return m->tmp.empty();
}

void OutputFile::write(const char* data, std::size_t size)
{
    if (!m->buf.flushBuffer() || !m->buf.writeAll(data, size))
        throw std::runtime_error(systemError(m->path, m->buf.error()));
}

void OutputFile::throwIfWriteFailed() const
{
    if (m->buf.error() != 0)
        throw std::runtime_error(systemError(m->path, m->buf.error()));
}

void OutputFile::commit()
{
    m->out.flush();
    if (m->buf.error() != 0 || !m->out) {
        const int err = m->buf.error() != 0 ? m->buf.error() : EIO;
        m->removeTemp();
        throw std::runtime_error(systemError(m->path, err));
    }
    if (m->tmp.empty()) {
        if (m->ownsFd && ::close(m->fd) != 0) {
            m->fd = -1;
            throw std::runtime_error(systemError(m->path, errno));
        }
        m->fd = -1;
        m->committed = true;
        return;
    }
    if (::close(m->fd) != 0) { // e.g. a delayed write error on NFS
        const int err = errno;
        m->fd = -1;
        m->removeTemp();
        throw std::runtime_error(systemError(m->path, err));
    }
    m->fd = -1;
    if (::rename(m->tmp.c_str(), m->target.c_str()) != 0) {
        const int err = errno;
        m->removeTemp();
        throw std::runtime_error(systemError(m->path, err));
    }
    unregisterTemp(m->slot);
    m->slot = -1;
    m->committed = true;
}

void installSignalCleanup()
{
    struct sigaction sa {};
    sa.sa_handler = cleanupAndReraise;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    for (const int sig : {SIGINT, SIGTERM, SIGHUP})
        (void)::sigaction(sig, &sa, nullptr);
}

} // namespace posenc::io
