// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file bias_functions.h
/// The closed-form pieces of the attention-bias methods.

#include <cstdint>
#include <vector>

namespace posenc {

/// T5 relative-position bucket (Raffel et al. §2.1; HF `_relative_position_bucket`), relativePosition =
/// key - query. Bidirectional: half the buckets for keys after the query (offset num_buckets/2), |rp|
/// otherwise; decoder: rp = -min(rp, 0). Exact buckets below max_exact = nb/2, then
/// max_exact + floor(ln(rp/max_exact)/ln(max_distance/max_exact) * (nb - max_exact)), capped at nb - 1.
int t5RelativeBucket(std::int64_t relativePosition, bool bidirectional, int numBuckets, int maxDistance);

/// ALiBi slopes for n heads (Press et al. §3, official get_slopes): for a power of two, the geometric
/// sequence with first term and ratio 2^(-8/n); otherwise the slopes of the largest power of two c < n, then
/// every other slope of 2c until n.
std::vector<double> alibiSlopes(int n);

} // namespace posenc
