// SPDX-License-Identifier: GPL-3.0-or-later
#include "table_internal.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace posenc::io::detail {

namespace {

/// Closes a descriptor on every path out of the constructor.
struct Fd {
    int fd;
    ~Fd()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

} // namespace

MappedFile::MappedFile(const std::string& path, std::uint64_t maxBytes)
{
    // O_NONBLOCK: opening a FIFO must not wait for a writer; the type check below then refuses it.
    const Fd f{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
    if (f.fd < 0)
        fail(path, std::string("cannot open: ") + std::strerror(errno));
    struct stat st {};
    if (::fstat(f.fd, &st) != 0)
        fail(path, std::string("cannot read its size: ") + std::strerror(errno));
    if (!S_ISREG(st.st_mode))
        fail(path, S_ISDIR(st.st_mode) ? "is a folder, not a file" : "is not a regular file");
    const auto size = static_cast<std::uint64_t>(st.st_size);
    if (size > maxBytes)
        fail(path, "is " + std::to_string(size) + " bytes; files larger than " + std::to_string(maxBytes) +
                       " bytes are not opened");
    if (size == 0)
        return;
    void* p = ::mmap(nullptr, static_cast<std::size_t>(size), PROT_READ, MAP_PRIVATE, f.fd, 0);
    if (p == MAP_FAILED)
        fail(path, std::string("cannot map: ") + std::strerror(errno));
    m_data = p;
    m_size = static_cast<std::size_t>(size);
}

MappedFile::~MappedFile()
{
    if (m_data)
        ::munmap(m_data, m_size);
}

} // namespace posenc::io::detail
