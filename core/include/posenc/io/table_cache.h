// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file table_cache.h
/// Loaded tables shared between the encodings built from the same file: a learned encoding backed by a file is
/// rebuilt for every figure job, the file is read once (again only after it changed on disk).

#include "posenc/io/tables.h"
#include "posenc/method.h"

#include <memory>

namespace posenc::io {

/// The table of `source` (readTableFile), from the cache when the file's size and modification time are
/// unchanged. Thread-safe. Keeps the few most recently used tables. Throws what readTableFile throws.
std::shared_ptr<const Matrix> loadTable(const TableSource& source, const TableReadOptions& options = {});
/// Drops every cached table (tests).
void clearTableCache();

/// The name of the parameter that backs an encoding by a table file (FILE or FILE.safetensors:TENSOR).
inline constexpr const char* kTableParam = "input";
/// The registry method a table file becomes: the one taking kTableParam (the learned absolute encoding).
const MethodDef& tableMethod();

} // namespace posenc::io
