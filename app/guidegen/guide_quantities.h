// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file guide_quantities.h
/// The quantities a guide placeholder can name, each computed by the core from the placeholder's parameters.

#include "guide_template.h"

#include <string>
#include <vector>

namespace posenc::guide {

/// The value of a placeholder's quantity (before formatting). Throws TemplateError (unknown quantity, missing
/// or unused key) or the core's InvalidInput (a parameter out of range).
double evaluate(const Placeholder& placeholder);

/// evaluate() formatted as the placeholder says: the text that replaces it in the page.
std::string evaluateText(const Placeholder& placeholder);

/// The quantity names, for messages and the test.
std::vector<std::string> quantityNames();

} // namespace posenc::guide
