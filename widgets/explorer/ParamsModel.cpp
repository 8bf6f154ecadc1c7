// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/ParamsModel.h"

#include "explorer/StateCommand.h"
#include "i18n/CoreText.h"

#include "posenc/errors.h"
#include "posenc/registry.h"

#include <QUndoStack>

#include <algorithm>
#include <functional>

namespace posenc::widgets {

namespace {

int mergeKeyOf(const std::string& a, const std::string& b)
{
    // Consecutive edits of the same value (a slider drag) merge into one undo step; the key only needs to tell
    // different values apart, and must not be -1 (Qt's "never merge").
    return static_cast<int>(std::hash<std::string>{}(a + '\x1f' + b) & 0x3fffffff);
}

QString methodName(const std::string& key)
{
    const auto parsed = MethodKey::tryParse(key);
    const auto* m = parsed ? Registry::instance().tryFind(parsed->id) : nullptr;
    return m ? QString::fromStdString(parsed->label(CoreText::text(m->info.displayName).toStdString()))
             : QString::fromStdString(key);
}

} // namespace

const std::vector<std::string>& ParamsModel::sharedNames()
{
    return ExplorerState::sharedNames();
}

bool ParamsModel::isShared(const std::string& name)
{
    return ExplorerState::isShared(name);
}

ParamsModel::ParamsModel(QObject* parent) : QObject(parent), m_undo(new QUndoStack(this))
{
    m_state.methods = {std::string(Registry::defaultMethod())};
}

std::string ParamsModel::primary() const
{
    return m_state.methods.empty() ? std::string() : m_state.methods.front();
}

bool ParamsModel::isChecked(const std::string& methodId) const
{
    return std::find(m_state.methods.begin(), m_state.methods.end(), methodId) != m_state.methods.end();
}

ParamSet ParamsModel::resolved(const std::string& methodId) const
{
    return m_state.resolve(methodId);
}

ParamValue ParamsModel::value(const std::string& methodId, const std::string& name) const
{
    const auto set = resolved(methodId);
    const auto it = set.values().find(name);
    return it == set.values().end() ? ParamValue{} : it->second;
}

bool ParamsModel::isOverridden(const std::string& methodId, const std::string& name) const
{
    const auto it = m_state.own.find(methodId);
    return isShared(name) && it != m_state.own.end() && it->second.count(name) > 0;
}

std::vector<std::string> ParamsModel::overriding(const std::string& name) const
{
    std::vector<std::string> out;
    for (const auto& key : m_state.methods)
        if (isOverridden(key, name))
            out.push_back(key);
    return out;
}

QStringList ParamsModel::overrideNotes() const
{
    QStringList notes;
    for (const auto& name : sharedNames())
        for (const auto& key : overriding(name)) {
            const auto* spec = ExplorerState::methodOf(key).findParam(name);
            notes << tr("%1 uses its own %2 %3")
                         .arg(keyLabel(key), spec ? CoreText::label(*spec) : QString::fromStdString(name),
                              QString::fromStdString(formatValue(value(key, name))));
        }
    return notes;
}

QString ParamsModel::keyLabel(const std::string& key)
{
    return methodName(key);
}

std::optional<ParamProblem> ParamsModel::problem(const std::string& methodId) const
{
    try {
        const auto& def = ExplorerState::methodOf(methodId);
        Registry::validate(def, resolved(methodId));
    } catch (const InvalidInput& e) {
        return ParamProblem{methodId, e.param(), QString::fromStdString(e.what())};
    }
    return std::nullopt;
}

std::vector<ParamProblem> ParamsModel::warnings() const
{
    std::vector<ParamProblem> out;
    for (const auto& id : m_state.methods) {
        if (problem(id))
            continue;
        const auto& def = ExplorerState::methodOf(id);
        for (const auto& w : Registry::warnings(def, resolved(id)))
            out.push_back({id, w.param, QString::fromStdString(w.message)});
    }
    return out;
}

QStringList problemLines(const std::vector<ParamProblem>& problems)
{
    std::vector<std::pair<QString, QStringList>> byMessage; // message -> method names, in first-seen order
    for (const auto& p : problems) {
        auto it = std::find_if(byMessage.begin(), byMessage.end(), [&](const auto& e) { return e.first == p.message; });
        if (it == byMessage.end()) {
            byMessage.emplace_back(p.message, QStringList());
            it = std::prev(byMessage.end());
        }
        if (const auto* def = Registry::instance().tryFind(ExplorerState::methodIdOf(p.methodId)))
            if (!it->second.contains(CoreText::text(def->info.displayName)))
                it->second << CoreText::text(def->info.displayName);
    }
    QStringList lines;
    for (const auto& [message, names] : byMessage)
        lines << (names.isEmpty() ? message : names.join(QStringLiteral(", ")) + QStringLiteral(": ") + message);
    return lines;
}

std::vector<ParamProblem> ParamsModel::problems() const
{
    std::vector<ParamProblem> out;
    if (m_state.length < kMinLength || m_state.length > kMaxLength)
        out.push_back({std::string(), "length",
                       tr("The view length %1 is outside the supported range [%2, %3] positions")
                           .arg(m_state.length)
                           .arg(kMinLength)
                           .arg(kMaxLength)});
    if (m_state.methods.empty())
        out.push_back({std::string(), std::string(), tr("Check at least one method to show")});
    for (const auto& id : m_state.methods)
        if (auto p = problem(id))
            out.push_back(std::move(*p));
    return out;
}

std::vector<MethodSelection> ParamsModel::selections() const
{
    std::vector<MethodSelection> out;
    out.reserve(m_state.methods.size());
    for (const auto& id : m_state.methods)
    {
        const MethodKey key = MethodKey::parse(id);
        out.push_back({key.id, resolved(id), key.instance});
    }
    return out;
}

void ParamsModel::setValue(const std::string& methodId, const std::string& name, const ParamValue& value)
{
    ExplorerState next = m_state;
    if (isShared(name) && !isOverridden(methodId, name))
        next.shared[name] = value;
    else
        next.own[methodId][name] = value;
    const auto* spec = ExplorerState::methodOf(methodId).findParam(name);
    const QString label = spec ? CoreText::label(*spec) : QString::fromStdString(name);
    push(std::move(next), tr("Set %1 = %2").arg(label, QString::fromStdString(formatValue(value))),
         mergeKeyOf(methodId, name));
}

void ParamsModel::setShared(const std::string& name, const ParamValue& value)
{
    if (!isShared(name))
        return;
    ExplorerState next = m_state;
    next.shared[name] = value;
    push(std::move(next),
         tr("Set shared %1 = %2").arg(QString::fromStdString(name), QString::fromStdString(formatValue(value))),
         mergeKeyOf("shared", name));
}

void ParamsModel::setOverridden(const std::string& methodId, const std::string& name, bool overridden)
{
    if (!isShared(name) || overridden == isOverridden(methodId, name))
        return;
    ExplorerState next = m_state;
    if (overridden) {
        next.own[methodId][name] = value(methodId, name);
    } else {
        next.own[methodId].erase(name);
        if (next.own[methodId].empty())
            next.own.erase(methodId);
    }
    push(std::move(next),
         overridden ? tr("Own %1 for %2").arg(QString::fromStdString(name), methodName(methodId))
                    : tr("Shared %1 for %2").arg(QString::fromStdString(name), methodName(methodId)),
         -1);
}

void ParamsModel::setChecked(const std::string& methodId, bool checked)
{
    const std::string id = ExplorerState::canonicalKey(methodId);
    ExplorerState next = m_state;
    auto it = std::find(next.methods.begin(), next.methods.end(), id);
    if (checked && it == next.methods.end())
        next.methods.push_back(id);
    else if (!checked && it != next.methods.end())
        next.methods.erase(it);
    if (!checked && MethodKey::parse(id).instance > 1) { // an instance exists only while it is compared
        next.own.erase(id);
        next.labels.erase(id);
    }
    push(std::move(next), (checked ? tr("Compare %1") : tr("Remove %1")).arg(methodName(id)), -1);
}

std::string ParamsModel::addInstance(const std::string& methodId)
{
    const std::string base = ExplorerState::methodOf(methodId).info.id;
    ExplorerState next = m_state;
    MethodKey fresh{base, 2};
    while (std::find(next.methods.begin(), next.methods.end(), fresh.format()) != next.methods.end())
        ++fresh.instance;
    const std::string key = fresh.format();
    // The new instance starts as a copy of the one it was made from (own values included), then goes its own way.
    if (const auto from = next.own.find(ExplorerState::canonicalKey(methodId)); from != next.own.end())
        next.own[key] = from->second;
    next.methods.push_back(key);
    push(std::move(next), tr("Add %1").arg(methodName(key)), -1);
    return key;
}

void ParamsModel::setPrimary(const std::string& methodId)
{
    const std::string id = ExplorerState::canonicalKey(methodId);
    ExplorerState next = m_state;
    auto it = std::find(next.methods.begin(), next.methods.end(), id);
    if (it != next.methods.end())
        next.methods.erase(it);
    next.methods.insert(next.methods.begin(), id);
    push(std::move(next), tr("Primary %1").arg(methodName(id)), -1);
}

void ParamsModel::setLength(std::int64_t length)
{
    ExplorerState next = m_state;
    next.length = length;
    push(std::move(next), tr("View length %1").arg(length), mergeKeyOf("", "length"));
}

void ParamsModel::setState(const ExplorerState& state, const QString& text)
{
    push(state, text, -1);
}

void ParamsModel::push(ExplorerState next, const QString& text, int mergeKey)
{
    if (next == m_state)
        return;
    m_undo->push(new StateCommand(this, m_state, std::move(next), text, mergeKey));
}

void ParamsModel::restore(const ExplorerState& state)
{
    if (state == m_state)
        return;
    const bool methodsDiffer = state.methods != m_state.methods;
    m_state = state;
    if (methodsDiffer)
        emit methodsChanged();
    emit paramsChanged();
}

} // namespace posenc::widgets
