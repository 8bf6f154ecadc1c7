// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// File ▸ Check implementation…: posenc check (posenc/check.h) on a table file against the explorer's primary
// method, with the verdict, the diagnosis and the error per pair and per position.

#include "posenc/check.h"

#include <QDialog>
#include <QFutureWatcher>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QStackedWidget;
class QCustomPlot;

namespace posenc::widgets {

class CheckDialog : public QDialog {
    Q_OBJECT
public:
    /// `method` and `params`: the reference (the explorer's primary method).
    CheckDialog(const MethodDef& method, ParamSet params, QWidget* parent = nullptr);
    ~CheckDialog() override;

    /// The query temperature of the loaded config (posenc::queryScaleOfConfig): the reference of the quantity
    /// query-scale; nullopt when there is none (that quantity then says so).
    void setQueryScale(std::optional<QueryScaleReference> reference);
    /// Sets the file (FILE or FILE.safetensors:TENSOR) and quantity, then runs the check.
    void runCheck(const QString& input, const QString& quantity);
    /// The verdict and diagnosis text shown (for tests).
    QString reportText() const;
    /// The error per pair plotted (for tests).
    std::vector<double> plottedPairErrors() const;
    /// The positions (x) of the error-per-position figure (for tests).
    std::vector<double> plottedPositions() const;
    /// The figures are shown (after a check); before a check and after one that could not run, a note in their
    /// place says what they will show (for tests).
    bool plotsShown() const;

signals:
    void checkFinished();

private:
    void browse();
    void start();
    void showResult(const CheckResult& result);
    void showError(const QString& message);
    /// The request's positions and, for M-RoPE, token layout from the inputs; throws InvalidInput with the
    /// reason (shown as the report; nothing is clamped).
    void applyInputs(CheckRequest& request) const;

    const MethodDef& m_method;
    ParamSet m_params;
    QLineEdit* m_input;
    QComboBox* m_quantity;
    QComboBox* m_layout;
    QLineEdit* m_positionsEdit;      ///< --positions: START, START:COUNT or P,P,...
    QLineEdit* m_positionLayoutEdit; ///< --position-layout (M-RoPE methods only)
    QLabel* m_queryScaleLabel;       ///< the query-scale rule and its parameters, or that there is none
    std::optional<QueryScaleReference> m_queryScale;
    QPushButton* m_run;
    QLabel* m_report;
    QCustomPlot* m_pairs;
    QCustomPlot* m_positions;
    QStackedWidget* m_pairsPage;     ///< m_pairs, or the note in its place
    QString m_pairsNote;             ///< that note before a check
    QString m_positionsNote;         ///< the position figure's note before a check
    QStackedWidget* m_positionsPage; ///< m_positions, or the note in its place
    void showPlots(bool shown);
    struct Outcome {
        CheckResult result;
        QString error;
    };
    QFutureWatcher<Outcome> m_watcher;
    CheckRequest m_running; ///< the request of the check shown (positions for the per-position figure)
};

} // namespace posenc::widgets
