// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/ParamsModel.h"

#include "explorer/StateCommand.h"
#include "i18n/CoreText.h"
#include "i18n/ParamText.h"
#include "i18n/PhraseText.h"

#include "posenc/errors.h"
#include "posenc/registry.h"

#include <QCoreApplication>
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

struct ParamsModel::Derived {
    std::map<std::string, ParamSet> resolved;      ///< per checked key
    std::map<std::string, ParamProblem> problemOf; ///< per checked key that does not validate
    std::vector<ParamProblem> problems, warnings;
    std::vector<MethodSelection> selections;
};

const ParamsModel::Derived& ParamsModel::derived() const
{
    if (m_derived)
        return *m_derived;
    auto d = std::make_shared<Derived>();
    if (m_state.length < kMinLength || m_state.length > kMaxLength)
        d->problems.push_back({std::string(), "length",
                               tr("The view length %1 is outside the supported range [%2, %3] positions")
                                   .arg(m_state.length)
                                   .arg(kMinLength)
                                   .arg(kMaxLength)});
    if (m_state.methods.empty())
        d->problems.push_back({std::string(), std::string(), tr("Check at least one method to show")});
    for (const auto& key : m_state.methods) {
        try {
            ParamSet set = m_state.resolve(key);
            const MethodKey parsed = MethodKey::parse(key);
            d->selections.push_back({parsed.id, set, parsed.instance});
            const auto& def = ParamState::methodOf(key);
            d->resolved.emplace(key, std::move(set));
            Registry::validate(def, d->resolved.at(key));
            for (const auto& w : Registry::warnings(def, d->resolved.at(key)))
                d->warnings.push_back({key, w.param, PhraseText::text(w.phrase)});
        } catch (const InvalidInput& e) {
            const ParamProblem p{key, e.param(), ParamText::problem(ParamState::methodOf(key).info.params, e)};
            d->problemOf.emplace(key, p);
            d->problems.push_back(p);
        }
    }
    m_derived = std::move(d);
    ++m_derivations;
    return *m_derived;
}

const std::vector<std::string>& ParamsModel::sharedNames()
{
    return ParamState::sharedNames();
}

bool ParamsModel::isShared(const std::string& name)
{
    return ParamState::isShared(name);
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
    const auto& cached = derived().resolved;
    if (const auto it = cached.find(methodId); it != cached.end())
        return it->second;
    return m_state.resolve(methodId); // a method that is not compared (a key not in the state)
}

ParamValue ParamsModel::value(const std::string& methodId, const std::string& name) const
{
    const auto& cached = derived().resolved;
    if (const auto it = cached.find(methodId); it != cached.end()) {
        const auto v = it->second.values().find(name);
        return v == it->second.values().end() ? ParamValue{} : v->second;
    }
    const auto set = m_state.resolve(methodId);
    const auto v = set.values().find(name);
    return v == set.values().end() ? ParamValue{} : v->second;
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
            const auto* spec = ParamState::methodOf(key).findParam(name);
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
    const auto& d = derived();
    if (d.resolved.count(methodId)) {
        const auto it = d.problemOf.find(methodId);
        return it == d.problemOf.end() ? std::nullopt : std::optional<ParamProblem>(it->second);
    }
    try { // a method that is not compared
        Registry::validate(ParamState::methodOf(methodId), m_state.resolve(methodId));
    } catch (const InvalidInput& e) {
        return ParamProblem{methodId, e.param(), ParamText::problem(ParamState::methodOf(methodId).info.params, e)};
    }
    return std::nullopt;
}

std::vector<ParamProblem> ParamsModel::warnings() const
{
    return derived().warnings;
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
        if (const auto* def = Registry::instance().tryFind(ParamState::methodIdOf(p.methodId)))
            if (!it->second.contains(CoreText::text(def->info.displayName)))
                it->second << CoreText::text(def->info.displayName);
    }
    QStringList lines;
    for (const auto& [message, names] : byMessage)
        lines << (names.isEmpty()
                      ? message
                      : QCoreApplication::translate("posenc::widgets::ParamsModel", "%1: %2", "methods: problem")
                            .arg(names.join(QCoreApplication::translate("posenc::widgets::ParamsModel", ", ",
                                                                        "between method names")),
                                 message));
    return lines;
}

std::vector<ParamProblem> ParamsModel::problems() const
{
    return derived().problems;
}

bool ParamsModel::isValid() const
{
    return derived().problems.empty();
}

std::vector<MethodSelection> ParamsModel::selections() const
{
    return derived().selections;
}

void ParamsModel::setValue(const std::string& methodId, const std::string& name, const ParamValue& value)
{
    ParamState next = m_state;
    if (isShared(name) && !isOverridden(methodId, name))
        next.shared[name] = value;
    else
        next.own[methodId][name] = value;
    const auto* spec = ParamState::methodOf(methodId).findParam(name);
    const QString label = spec ? CoreText::label(*spec) : QString::fromStdString(name);
    push(std::move(next), tr("Set %1 = %2").arg(label, QString::fromStdString(formatValue(value))),
         mergeKeyOf(methodId, name));
}

void ParamsModel::setShared(const std::string& name, const ParamValue& value)
{
    if (!isShared(name))
        return;
    ParamState next = m_state;
    next.shared[name] = value;
    push(std::move(next),
         tr("Set shared %1 = %2").arg(QString::fromStdString(name), QString::fromStdString(formatValue(value))),
         mergeKeyOf("shared", name));
}

void ParamsModel::setOverridden(const std::string& methodId, const std::string& name, bool overridden)
{
    if (!isShared(name) || overridden == isOverridden(methodId, name))
        return;
    ParamState next = m_state;
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
    const std::string id = ParamState::canonicalKey(methodId);
    ParamState next = m_state;
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
    const std::string base = ParamState::methodOf(methodId).info.id;
    ParamState next = m_state;
    MethodKey fresh{base, 2};
    while (std::find(next.methods.begin(), next.methods.end(), fresh.format()) != next.methods.end())
        ++fresh.instance;
    const std::string key = fresh.format();
    // The new instance starts as a copy of the one it was made from (own values included), then goes its own way.
    if (const auto from = next.own.find(ParamState::canonicalKey(methodId)); from != next.own.end())
        next.own[key] = from->second;
    next.methods.push_back(key);
    push(std::move(next), tr("Add %1").arg(methodName(key)), -1);
    return key;
}

void ParamsModel::setPrimary(const std::string& methodId)
{
    const std::string id = ParamState::canonicalKey(methodId);
    ParamState next = m_state;
    auto it = std::find(next.methods.begin(), next.methods.end(), id);
    if (it != next.methods.end())
        next.methods.erase(it);
    next.methods.insert(next.methods.begin(), id);
    push(std::move(next), tr("Primary %1").arg(methodName(id)), -1);
}

void ParamsModel::setLength(std::int64_t length)
{
    ParamState next = m_state;
    next.length = length;
    push(std::move(next), tr("View length %1").arg(length), mergeKeyOf("", "length"));
}

void ParamsModel::setState(const ParamState& state, const QString& text)
{
    push(state, text, -1);
}

void ParamsModel::push(ParamState next, const QString& text, int mergeKey)
{
    if (next == m_state)
        return;
    m_undo->push(new StateCommand(this, m_state, std::move(next), text, mergeKey));
}

void ParamsModel::restore(const ParamState& state)
{
    if (state == m_state)
        return;
    const bool methodsDiffer = state.methods != m_state.methods;
    m_state = state;
    m_derived.reset();
    if (methodsDiffer)
        emit methodsChanged();
    emit paramsChanged();
}

} // namespace posenc::widgets
