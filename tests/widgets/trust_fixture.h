// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared by tst_trust and tst_trust_layout (issue 35): the headers both use, and one main window on the offscreen
// screen of screen_fixture.h with its own HOME and settings file, reset before every test function.
#include "screen_fixture.h"

#include "explorer/MethodList.h"
#include "explorer/ParamEditor.h"
#include "explorer/ParameterPanel.h"
#include "explorer/ParamsModel.h"
#include "explorer/Presets.h"
#include "explorer/ValueSpinBox.h"

#include "posenc/registry.h"

#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QScrollArea>
#include <QScrollBar>

namespace trust_test {

/// A test class's window: call reset() from its init() and close() from its cleanup().
class TrustFixture {
public:
    screen_test::WindowFixture f;
    posenc::widgets::MainWindow& w() { return f.w(); }
    void waitIdle() { f.waitIdle(); }
    /// HOME in the fixture's temporary folder, no settings of an earlier test function.
    void reset()
    {
        qputenv("HOME", f.dir.path().toLocal8Bit());
        QFile::remove(f.dir.filePath("settings.ini"));
    }
    void close() { f.window.reset(); }
};

} // namespace trust_test
