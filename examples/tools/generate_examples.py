#!/usr/bin/env python3
"""Generates the long-history example states (backfill) from fixed daily routines.

Run from the repository root:  python3 examples/tools/generate_examples.py
The output is committed; the rule tests in rules/<product>/tests.yaml pin what these states
must unlock, worked out from the routines below (see the comments next to each routine).
"""
import datetime as dt
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def stamp(day, hh, mm, offset):
    """RFC 3339 text of a local wall-clock time on `day` in a fixed UTC offset."""
    return f"{day.isoformat()}T{hh:02d}:{mm:02d}:00{offset}"


def days(first, last):
    d = first
    while d <= last:
        yield d
        d += dt.timedelta(days=1)


def write(path, state):
    out = ROOT / path
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(state, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{path}: {len(state['events'])} events")


def taskmate_long_time_user():
    """Active 2025-11-01..05, skips 11-06, then active every day 2025-11-07..2026-02-14
    (100 days). Each active day: a task created 08:00, a plan of 5 tasks 08:01, tasks completed
    09:00, 10:00, 11:00, 15:00, 16:00, a 50-minute focus session ending 14:00.
    Extras: 5 more tasks on 2025-12-20 at 20:00–20:04; 4 more focus sessions on 2026-01-10
    (120+120+120+70 minutes, the last ending 22:30); a 25-minute session ending 23:15 on
    2026-01-20; a 25-minute session ending 05:30 on 2026-02-01; 3 custom categories in November."""
    tz = "+08:00"
    events = []
    active = list(days(dt.date(2025, 11, 1), dt.date(2025, 11, 5))) + \
        list(days(dt.date(2025, 11, 7), dt.date(2026, 2, 14)))
    for d in active:
        events.append({"type": "task_created", "at": stamp(d, 8, 0, tz), "category": "工作"})
        events.append({"type": "day_planned", "at": stamp(d, 8, 1, tz), "tasks": 5})
        for hh in (9, 10, 11):
            events.append({"type": "task_completed", "at": stamp(d, hh, 0, tz)})
        events.append({"type": "focus_session", "at": stamp(d, 14, 0, tz), "minutes": 50})
        for hh in (15, 16):
            events.append({"type": "task_completed", "at": stamp(d, hh, 0, tz)})
        if d == dt.date(2025, 12, 20):
            for mm in range(5):
                events.append({"type": "task_completed", "at": stamp(d, 20, mm, tz)})
        if d == dt.date(2026, 1, 10):
            for hh, mm, minutes in ((17, 0, 120), (19, 0, 120), (21, 0, 120), (22, 30, 70)):
                events.append({"type": "focus_session", "at": stamp(d, hh, mm, tz), "minutes": minutes})
        if d == dt.date(2026, 1, 20):
            events.append({"type": "focus_session", "at": stamp(d, 23, 15, tz), "minutes": 25})
        if d == dt.date(2026, 2, 1):
            events.append({"type": "focus_session", "at": stamp(d, 5, 30, tz), "minutes": 25})
        if d in (dt.date(2025, 11, 2), dt.date(2025, 11, 9), dt.date(2025, 11, 16)):
            events.append({"type": "category_created", "at": stamp(d, 12, 0, tz), "name": f"分类{d.day}"})
    # The app's export is not sorted by time; the engine sorts.
    events.sort(key=lambda e: (e["type"] != "day_planned", e["at"]))
    write("examples/taskmate/long_time_user.json", {
        "schema": 1,
        "user": {"id": "long_time_user", "timezone": "Asia/Shanghai"},
        "now": "2026-02-15T07:00:00+08:00",
        "events": events,
        "counters": {"custom_categories": 4},
    })


def taskmate_showcase():
    """The README demo. Active every day 2026-01-23..2026-02-01 (10 days): a task created 08:30,
    a plan of 3 tasks 08:31, tasks completed 10:00, 11:00, 15:00, a 60-minute focus session
    ending 14:00; a 25-minute session ending 23:20 on 2026-02-01. The app already stored what
    unlocked before 2026-02-01; today adds focus_10_hours (600 minutes at 14:00) and the night
    owl (23:20)."""
    tz = "+08:00"
    events = []
    for d in days(dt.date(2026, 1, 23), dt.date(2026, 2, 1)):
        events.append({"type": "task_created", "at": stamp(d, 8, 30, tz), "category": "学习"})
        events.append({"type": "day_planned", "at": stamp(d, 8, 31, tz), "tasks": 3})
        events.append({"type": "task_completed", "at": stamp(d, 10, 0, tz)})
        events.append({"type": "task_completed", "at": stamp(d, 11, 0, tz)})
        events.append({"type": "focus_session", "at": stamp(d, 14, 0, tz), "minutes": 60})
        events.append({"type": "task_completed", "at": stamp(d, 15, 0, tz)})
    events.append({"type": "focus_session", "at": "2026-02-01T23:20:00+08:00", "minutes": 25})
    write("examples/taskmate/showcase.json", {
        "schema": 1,
        "user": {"id": "u42", "timezone": "Asia/Shanghai"},
        "now": "2026-02-01T23:30:00+08:00",
        "events": events,
        "counters": {"custom_categories": 6},
        "unlocked": [
            {"id": "task_first_create", "at": "2026-01-23T08:30:00+08:00"},
            {"id": "focus_first_session", "at": "2026-01-23T14:00:00+08:00"},
            {"id": "habit_3_days", "at": "2026-01-25T08:30:00+08:00"},
            {"id": "streak_3_days", "at": "2026-01-25T08:30:00+08:00"},
            {"id": "habit_7_days", "at": "2026-01-29T08:30:00+08:00"},
            {"id": "streak_7_days", "at": "2026-01-29T08:30:00+08:00"},
            {"id": "task_perfect_week", "at": "2026-01-29T15:00:00+08:00"},
        ],
    })


def weekyii_long_time_user():
    """Six ISO weeks, Monday 2026-01-05 to Sunday 2026-02-15, in Asia/Shanghai. Each day: a plan
    of 4 tasks at 08:00, tasks completed 09:00, 11:00, 14:00, 16:00 (the day completes at 16:00).
    Exceptions: Wednesday 2026-01-21 only 3 tasks before the 20:00 kill time and the fourth at
    20:30 (late: the day expires); Sunday 2026-02-01 no plan (empty); Tuesday 2026-02-10 a plan of
    5 tasks, the fifth at 17:00."""
    tz = "+08:00"
    events = []
    for d in days(dt.date(2026, 1, 5), dt.date(2026, 2, 15)):
        if d == dt.date(2026, 2, 1):
            continue
        planned = 5 if d == dt.date(2026, 2, 10) else 4
        events.append({"type": "day_planned", "at": stamp(d, 8, 0, tz), "tasks": planned})
        hours = [9, 11, 14, 16] + ([17] if planned == 5 else [])
        for hh in hours:
            if d == dt.date(2026, 1, 21) and hh == 16:
                events.append({"type": "task_completed", "at": stamp(d, 20, 30, tz)})
            else:
                events.append({"type": "task_completed", "at": stamp(d, hh, 0, tz)})
    write("examples/weekyii/long_time_user.json", {
        "schema": 1,
        "user": {"id": "weekyii_planner", "timezone": "Asia/Shanghai"},
        "now": "2026-02-16T09:00:00+08:00",
        "events": events,
    })


def lifer_long_time_user():
    """Records every day 2025-12-01..12-10 and 2025-12-12..2026-02-28 (no record on 12-11):
    the stopwatch started 19:00, the record saved 20:12 with 4,320 s (1.2 h). Activities are
    created on the first six days at 18:59 (six names, used in turn)."""
    tz = "+08:00"
    names = ["阅读", "跑步", "写作", "编程", "冥想", "钢琴"]
    events = []
    active = list(days(dt.date(2025, 12, 1), dt.date(2025, 12, 10))) + \
        list(days(dt.date(2025, 12, 12), dt.date(2026, 2, 28)))
    for i, d in enumerate(active):
        name = names[i % len(names)]
        if i < len(names):
            events.append({"type": "activity_created", "at": stamp(d, 18, 59, tz), "name": name})
        events.append({"type": "timer_started", "at": stamp(d, 19, 0, tz), "activity": name})
        events.append({"type": "record_saved", "at": stamp(d, 20, 12, tz), "activity": name, "seconds": 4320})
    write("examples/lifer/long_time_user.json", {
        "schema": 1,
        "user": {"id": "lifer_veteran"},
        "now": "2026-03-01T08:00:00+08:00",
        "events": events,
    })


def skinlab_long_time_user():
    """An existing user at the app update (Decision 4: backfill, capped at 90 days). Check-ins
    (tracking_completed at 21:30) every day 2025-09-01..2026-02-28 except 2025-11-20.
    Also: a skin analysis 2025-09-01 09:00, a 28-day cycle report 2025-09-28 22:00, skin-twin
    matches on 2025-10-01..05 at 12:00, products analysed 2025-10-10..12 at 12:00, ingredients
    learned 2025-11-01..12 at 12:00, a badge shared 2025-09-07 22:00."""
    tz = "+08:00"
    events = []
    for d in days(dt.date(2025, 9, 1), dt.date(2026, 2, 28)):
        if d != dt.date(2025, 11, 20):
            events.append({"type": "tracking_completed", "at": stamp(d, 21, 30, tz)})
    events.append({"type": "analysis_completed", "at": stamp(dt.date(2025, 9, 1), 9, 0, tz)})
    events.append({"type": "cycle_completed", "at": stamp(dt.date(2025, 9, 28), 22, 0, tz)})
    events.append({"type": "achievement_shared", "at": stamp(dt.date(2025, 9, 7), 22, 0, tz)})
    for d in days(dt.date(2025, 10, 1), dt.date(2025, 10, 5)):
        events.append({"type": "twin_matched", "at": stamp(d, 12, 0, tz)})
    for d in days(dt.date(2025, 10, 10), dt.date(2025, 10, 12)):
        events.append({"type": "product_analyzed", "at": stamp(d, 12, 0, tz)})
    for d in days(dt.date(2025, 11, 1), dt.date(2025, 11, 12)):
        events.append({"type": "ingredient_learned", "at": stamp(d, 12, 0, tz)})
    events.sort(key=lambda e: e["at"])
    write("examples/skinlab/long_time_user.json", {
        "schema": 1,
        "user": {"id": "skinlab_regular", "timezone": "Asia/Shanghai"},
        "now": "2026-03-01T09:00:00+08:00",
        "events": events,
    })


def skinlab_freeze_refill():
    """Check-ins (21:30) every day 2026-03-01..04-12 except 03-06 and 04-10; the freeze button
    pressed the next mornings (03-07 and 04-11, 08:00). The freeze windows are 30 days from the
    first check-in: 03-01..03-30 and 03-31..04-29, one freeze each, so both misses are covered."""
    tz = "+08:00"
    events = []
    for d in days(dt.date(2026, 3, 1), dt.date(2026, 4, 12)):
        if d in (dt.date(2026, 3, 7), dt.date(2026, 4, 11)):
            events.append({"type": "freeze_used", "at": stamp(d, 8, 0, tz)})
        if d not in (dt.date(2026, 3, 6), dt.date(2026, 4, 10)):
            events.append({"type": "tracking_completed", "at": stamp(d, 21, 30, tz)})
    write("examples/skinlab/freeze_refill.json", {
        "schema": 1,
        "user": {"id": "skinlab_two_freezes", "timezone": "Asia/Shanghai"},
        "now": "2026-04-12T22:00:00+08:00",
        "events": events,
    })


def skinlab_after_migration():
    """The same regular user 40 days after the app update: the migration ran on 2026-03-01 09:00
    (`backfill.at`, written by `--write-state` at that first evaluation), and the user kept
    checking in (21:30) every day up to 2026-04-10. The cut-off stays 2025-12-02 (90 days up to
    the migration day), so the streak is 12-02..04-10 = 130 days: it grows past the cap."""
    tz = "+08:00"
    events = []
    for d in days(dt.date(2025, 9, 1), dt.date(2026, 4, 10)):
        if d != dt.date(2025, 11, 20):
            events.append({"type": "tracking_completed", "at": stamp(d, 21, 30, tz)})
    write("examples/skinlab/after_migration.json", {
        "schema": 1,
        "user": {"id": "skinlab_regular", "timezone": "Asia/Shanghai"},
        "now": "2026-04-10T22:00:00+08:00",
        "backfill": {"at": "2026-03-01T09:00:00+08:00"},
        "events": events,
    })


if __name__ == "__main__":
    skinlab_after_migration()
    skinlab_freeze_refill()
    taskmate_long_time_user()
    taskmate_showcase()
    weekyii_long_time_user()
    lifer_long_time_user()
    skinlab_long_time_user()
