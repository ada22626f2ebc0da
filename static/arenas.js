// Arenas' pure figures for the page (no DOM: unit-tested under Node,
// tests/js/arenas.test.mjs): the countdown of an arena's phase, the rows its
// standings show, a sheet of points, the podium.  An arena is a summary of
// docs/protocol.md (`arenas`, `arena`): start and end in ms, server clock.

import { t } from "./i18n.js";

/** The scoring rule of an arena whose tables have `seats` seats
 * (lobby/arenas.py, docs/play.md *In an arena*): each place 2 points more
 * than the one below it, the last 0; two seats also name the draw. */
export function rulesText(seats) {
  const n = Math.max(2, seats || 2);
  const places = Array.from({ length: n }, (_, i) => 2 * (n - 1 - i)).join(t("names_comma"));
  return t("arena_rules", { points: n === 2 ? t("arena_points_two") : t("arena_points_many", { n, points: places }) });
}

/** A span of `ms` milliseconds as a clock, rounded up to the second:
 * "0:05", "12:30", "1:02:03"; a day or more "2 d 3 h" ("2 天 3 小时"). */
export function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(s / 86400);
  if (days >= 1) return t("arena_days", { d: days, h: Math.floor((s % 86400) / 3600) });
  const hours = Math.floor(s / 3600);
  const mins = Math.floor((s % 3600) / 60);
  const secs = String(s % 60).padStart(2, "0");
  return hours ? `${hours}:${String(mins).padStart(2, "0")}:${secs}` : `${mins}:${secs}`;
}

/** The arena's phase at `now` (ms, server clock): `upcoming` (before
 * its start), `running`, `ending` (past its end, `playing` games still in
 * play), `finished`; the server's status decides between the last two
 * (it knows the games in play), the clock between the first three. */
export function arenaPhase(arena, now) {
  if (now < arena.start) return "upcoming";
  if (now < arena.end) return "running";
  return arena.status === "finished" || !arena.playing ? "finished" : "ending";
}

/** The arena's countdown line at `now` in the page's language: "Starts
 * in 4:59", "Ends in 9:30", "Ended: 2 games in play still count",
 * "Finished". */
export function countdownText(arena, now) {
  const phase = arenaPhase(arena, now);
  if (phase === "upcoming") return t("arena_starts_in", { time: clockText(arena.start - now) });
  if (phase === "running") return t("arena_ends_in", { time: clockText(arena.end - now) });
  if (phase === "ending") return t("arena_ending", { n: arena.playing });
  return t("arena_finished");
}

/** The rows the standings table shows: the top (`standings.top`, ranks
 * 1..10) and my own row after them when it is not among them (`gap`: true
 * on it, the table marks the ranks skipped); each row as the server gives
 * it (docs/protocol.md `arena`). */
export function standingRows(standings) {
  if (!standings) return [];
  const top = standings.top || [];
  const me = standings.me;
  if (!me || top.some((r) => r.you)) return top.map((r) => ({ ...r, gap: false }));
  return [...top.map((r) => ({ ...r, gap: false })), { ...me, gap: me.rank > top.length + 1 }];
}

/** A sheet of points per game, oldest first, as the standings write it: "2 4 0" ("—" for none). */
export function sheetText(sheet) {
  return sheet && sheet.length ? sheet.join(" ") : "—";
}

/** The podium of a finished arena: its first three rows who played a game, by rank. */
export function podium(standings) {
  return ((standings && standings.top) || []).filter((r) => r.rank <= 3 && r.games > 0);
}

/** What I am in the arena (`standings.me`): "out" (not joined, or
 * withdrawn before the start), "paused", "playing" (at one of its tables),
 * "waiting" (to be paired). */
export function myState(standings) {
  const me = standings && standings.me;
  if (!me) return "out";
  if (me.playing) return "playing";
  return me.paused ? "paused" : "waiting";
}
