import CEL
import RuleModel

// The cursor: consuming the timeline's events up to a moment, into the day ledger, the streak
// ledgers and the levels.
extension FactBuilder {
    /// Consumes the events up to `moment`, starting over when it is earlier than the last one.
    mutating func moveTo(_ moment: Moment) {
        // Asked again at the same instant (each streak at one checkpoint): everything up to it
        // is applied, unless the timeline grew since (a session's event at that instant).
        if let lastMoment, moment.instant == lastMoment.instant, advancedOver == timeline.events.count {
            self.lastMoment = moment
            return
        }
        if let lastMoment, moment.instant < lastMoment.instant {
            restart()
        }
        lastMoment = moment
        advance(to: moment)
        advancedOver = timeline.events.count
    }

    mutating func advance(to moment: Moment) {
        // The timeline's lists are read where they are, not taken out first: that would retain
        // and release three arrays at every checkpoint, mostly to apply one event.
        while true {
            let eventReady = position < timeline.events.count
                && timeline.state.events[timeline.events[position].position].at.instant <= moment.instant
            var snapshotReady = false
            if snapshotPosition < timeline.snapshotLevels.count {
                if let at = timeline.snapshotLevels[snapshotPosition].snapshot.completedAt {
                    snapshotReady = at.instant <= moment.instant
                        && (!eventReady || at.instant <= timeline.state.events[timeline.events[position].position].at.instant)
                } else {
                    snapshotReady = true
                }
            }
            if snapshotReady {
                applySnapshotLevel(timeline.snapshotLevels[snapshotPosition])
                snapshotPosition += 1
            } else if eventReady {
                apply(timeline.events[position], at: position)
                position += 1
            } else {
                return
            }
        }
    }

    mutating func apply(_ placed: TimelineEvent, at index: Int) {
        // Read in place: a copy of the event costs a retain and release of each of its parts.
        if countsDays {
            days.add(placed, type: timeline.state.events[placed.position].type)
        } else {
            days.noteEventDay(placed.day)
        }
        if let warning = placed.warning { eventWarnings.append(warning) }
        switch placed.effect {
        case .none, .taskCompleted:
            break
        case .plan(let day, let tasks):
            days.plan(day, tasks: tasks)
        case .killTime(let day, let minutes):
            days.setKillTime(day, minutes: minutes)
        case .level(let ordinal, let difficulty, let time, let moves):
            var progress = levels[ordinal] ?? LevelProgress()
            progress.complete(at: timeline.state.events[placed.position].at, difficulty: difficulty, time: time, moves: moves)
            levels[ordinal] = progress
            levelsValue = nil
        case .freeze(let covered, let name):
            useFreeze(placed, event: timeline.event(of: placed), covering: covered, streak: name)
        }
        for position in FactTimeline.countedPositions(event: index, ends: timeline.countedEnds) {
            streaks[Int(timeline.countedStreaks[position])].record(placed.day, qualifies: true)
        }
    }

    mutating func applySnapshotLevel(_ entry: (ordinal: Int, snapshot: LevelSnapshot)) {
        var progress = levels[entry.ordinal] ?? LevelProgress()
        let snapshot = entry.snapshot
        if snapshot.completed {
            progress.complete(at: snapshot.completedAt, difficulty: nil, time: snapshot.bestTime, moves: snapshot.bestMoves)
        }
        progress.merge(difficulties: snapshot.difficulties, time: snapshot.bestTime, moves: snapshot.bestMoves)
        levels[entry.ordinal] = progress
        levelsValue = nil
    }

    /// A `freeze_used` (docs/rules.md, "streaks[]", manual mode): offered to the named streak or to every streak
    /// with manual freezes; each decides with its facts as of the event.
    mutating func useFreeze(_ placed: TimelineEvent, event: StateEvent, covering covered: LocalDay, streak name: String?) {
        let index = event.index
        let targets: [Int]
        if let name {
            guard let target = streaks.firstIndex(where: { $0.id == name }) else {
                eventWarnings.append(FactWarning(.freezeUnavailable, "no streak named '\(name)'", event: index))
                return
            }
            guard streaks[target].takesManualFreezes else {
                eventWarnings.append(FactWarning(.freezeUnavailable, "streak '\(name)' has no manual freezes", event: index))
                return
            }
            targets = [target]
        } else {
            targets = streaks.indices.filter { streaks[$0].takesManualFreezes }
            guard !targets.isEmpty else {
                eventWarnings.append(FactWarning(.freezeUnavailable, "no streak has manual freezes", event: index))
                return
            }
        }
        if targets.contains(where: dayStreaks.contains) {
            // `day` predicates must see the days as they are at the event.
            judgeDays(now: event.at, today: placed.day)
        }
        let decided = days.killPassed(placed.day, now: event.at)
        for target in targets {
            if let warning = streaks[target].useFreeze(covering: covered, eventDay: placed.day, event: index,
                                                       todayDecided: decided) {
                eventWarnings.append(warning)
            }
        }
    }
}
