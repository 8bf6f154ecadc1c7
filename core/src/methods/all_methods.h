// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One function per method file; the registry lists them in registry.cpp.

#include "posenc/method.h"

namespace posenc::methods {

MethodDef ropeMethod();
MethodDef piMethod();
MethodDef ntkAwareMethod();
MethodDef dynamicNtkMethod();
MethodDef ntkByPartsMethod();
MethodDef partNtkLegacyMethod();
MethodDef yarnMethod();
MethodDef llama3Method();
MethodDef longropeMethod();
MethodDef proportionalMethod();
MethodDef xposMethod();
MethodDef sinusoidalMethod();
MethodDef learnedMethod();
MethodDef alibiMethod();
MethodDef t5Method();
MethodDef nopeMethod();
MethodDef mropeMethod();
MethodDef mropeInterleavedMethod();

} // namespace posenc::methods
