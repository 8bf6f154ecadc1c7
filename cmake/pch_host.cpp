// SPDX-License-Identifier: GPL-3.0-or-later
// Host of a test folder's precompiled headers (cmake/PosEncPch.cmake): its only content is the forced include.
