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

/// A second base of a test class (after QObject): its init() slot calls reset(), its cleanup() close().
class TrustFixture {
protected:
    screen_test::WindowFixture m_f;
    posenc::widgets::MainWindow& w() { return m_f.w(); }
    void waitIdle() { m_f.waitIdle(); }
    /// HOME in the fixture's temporary folder, no settings of an earlier test function.
    void reset()
    {
        qputenv("HOME", m_f.dir.path().toLocal8Bit());
        QFile::remove(m_f.dir.filePath("settings.ini"));
    }
    /// Shows view tab i and waits for its figure; null for a hidden tab (a view with nothing to draw).
    posenc::widgets::ViewPage* showView(int i)
    {
        if (!w().tabs()->isTabVisible(i))
            return nullptr;
        w().tabs()->setCurrentIndex(i);
        waitIdle();
        return qobject_cast<posenc::widgets::ViewPage*>(w().tabs()->widget(i));
    }
    /// Presentation mode off first: its scale is the figures' (static), and a test that failed in it must not leave
    /// it to the next one.
    void close()
    {
        if (m_f.window)
            w().setPresentationMode(false);
        m_f.window.reset();
    }
};

} // namespace trust_test
