// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/io/table_cache.h"

#include "posenc/errors.h"
#include "posenc/registry.h"

#include <filesystem>
#include <list>
#include <mutex>

namespace posenc::io {

namespace {

constexpr std::size_t kEntries = 4;

struct Entry {
    std::string path, tensor;
    std::uintmax_t size = 0;
    std::filesystem::file_time_type modified;
    std::shared_ptr<const Matrix> table;
};

std::mutex& cacheMutex()
{
    static std::mutex m;
    return m;
}

std::list<Entry>& entries()
{
    static std::list<Entry> e; // most recently used first
    return e;
}

} // namespace

std::shared_ptr<const Matrix> loadTable(const TableSource& source, const TableReadOptions& options)
{
    std::error_code ec;
    const auto size = std::filesystem::file_size(source.path, ec);
    const auto modified = ec ? std::filesystem::file_time_type{} : std::filesystem::last_write_time(source.path, ec);
    if (!ec) {
        const std::lock_guard lock(cacheMutex());
        auto& list = entries();
        for (auto it = list.begin(); it != list.end(); ++it)
            if (it->path == source.path && it->tensor == source.tensor && it->size == size &&
                it->modified == modified && it->table->data.size() * 8 <= options.memoryBudget) {
                list.splice(list.begin(), list, it);
                return list.front().table;
            }
    }
    // Read outside the lock: another table may load meanwhile.
    auto table = std::make_shared<const Matrix>(readTableFile(source, options));
    if (!ec) {
        const std::lock_guard lock(cacheMutex());
        auto& list = entries();
        list.push_front({source.path, source.tensor, size, modified, table});
        if (list.size() > kEntries)
            list.pop_back();
    }
    return table;
}

const MethodDef& tableMethod()
{
    for (const auto& m : Registry::instance().methods())
        if (const auto* spec = m.findParam(kTableParam); spec && spec->type == ParamType::Text)
            return m;
    throw InvalidInput(kTableParam, "no method reads table files");
}

void clearTableCache()
{
    const std::lock_guard lock(cacheMutex());
    entries().clear();
}

} // namespace posenc::io
