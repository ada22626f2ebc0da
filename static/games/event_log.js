// A table's event log: its recent public events kept across view
// instances (and, with log_keep.js, across a reload of the tab), and how a
// view shows its lines.

import { t } from "../i18n.js";
import { h } from "../dom.js";
import { markAway } from "./forced.js";

/** A table's recent public events, newest last, at most `max`: kept per
 * table across view instances (a table screen makes a new view, and the
 * screen is made again when the language changes).  `last` is an item a view keeps apart, `notes` what
 * else a view keeps of the game's events (both cleared with the rest when a new game starts). */
export class EventLog {
  constructor(max) {
    this.max = max;
    this.version = null;
    this.gameNo = null;
    this.items = [];
    this.last = null;
    this.notes = {};
    this.cut = false; // whether trim() dropped lines of this game (a view may say so: cutText)
    this.saved = null; // what an earlier page of the tab kept (keepTable), until the first take
  }

  /** The events of table view `view` at `version` not taken yet (none for one taken),
   * those of seats a bot played while away or after their player left
   * marked (markAway); a
   * new game, or a version below the last one taken (a replay stepping
   * back: its versions are steps), starts the log afresh; a version past
   * the next one (versions passed unseen; not a replay's jump, whose
   * events are every step's since) leaves a LOG_GAP item. */
  take(view, version) {
    if (!view) return [];
    if (this.saved) this.restore(view, version);
    if (this.version === version) return [];
    if (view.game_no !== this.gameNo || (this.version !== null && version < this.version)) {
      this.reset();
      this.gameNo = view.game_no;
    } else if (this.version !== null && version > this.version + 1 && !view.replay) {
      // versions passed unseen (the table screen was left and opened again, or a sync's snapshot): lines may be missing here
      if (!this.items.length || this.items[this.items.length - 1].type !== LOG_GAP) this.items.push({ type: LOG_GAP });
      this.trim();
    }
    this.version = version;
    return markAway(view.events || [], view.seats);
  }

  /** What keepTable saves of this log: {gameNo, version, items, last, notes, cut}. */
  dump() {
    return { gameNo: this.gameNo, version: this.version, items: this.items, last: this.last, notes: this.notes, cut: this.cut };
  }

  /** The first version after a reload (`view` at `version`): take up the
   * saved log (this.saved, a dump()) when it is this game's and not newer;
   * when versions passed unseen meanwhile (more than the one whose events
   * `view` carries), take() then leaves its LOG_GAP item there. */
  restore(view, version) {
    const saved = this.saved;
    this.saved = null;
    if (this.version !== null || !Array.isArray(saved.items) || saved.gameNo !== view.game_no || !(saved.version <= version)) return;
    this.gameNo = saved.gameNo;
    this.version = saved.version;
    this.items = saved.items;
    this.last = saved.last || null;
    this.notes = saved.notes || {};
    this.cut = !!saved.cut; // versions passed unseen meanwhile: take's gap, as for any other jump
  }

  /** Forget every item: the next take() starts afresh. */
  reset() {
    this.items = [];
    this.last = null;
    this.notes = {};
    this.cut = false;
    this.version = null;
  }

  /** Drop the oldest items beyond `max` (noted in `cut`). */
  trim() {
    if (this.items.length <= this.max) return;
    this.items.splice(0, this.items.length - this.max);
    this.cut = true;
  }
}

// -- the log across a reload ------------------------------------------------------

/** The log item that stands where versions passed while the page was gone
 * (EventLog.restore): a view's log shows it as gapText(). */
export const LOG_GAP = "log_gap";

/** The line of a LOG_GAP item: "… any moves made while you were away are not listed". */
export function gapText() {
  return t("log_gap");
}

/** The first line of a log whose oldest lines were dropped (EventLog's `cut`):
 * "… earlier moves are not listed". */
export function cutText() {
  return t("log_cut");
}

/** Table `id`'s EventLog in `logs` (a Map of one game's tables). */
export function tableLog(logs, id, max) {
  if (!logs.has(id)) logs.set(id, new EventLog(max));
  return logs.get(id);
}

/** The line an empty log shows ("No moves yet"; not numbered: .log-empty). */
export function emptyLog() {
  return h("li", { class: "muted log-empty", testid: "log-empty" }, t("log_empty"));
}

/** Show a log's lines in list `el` (li nodes; `empty`, a node or null,
 * when there are none), scrolled to the newest when they changed.  Lines
 * already shown stay the same nodes (isEqualNode): a version adds a line or
 * two, or drops the oldest from a trimmed log, and redrawing a whole game's
 * lines at every version cost most of a table's drawing time (re-laid-out
 * text). */
export function showLog(el, items, empty = null) {
  const want = items.length ? items : empty ? [empty] : [];
  const have = [...el.children];
  let i = 0;
  let j = 0;
  let changed = false;
  while (i < have.length && j < want.length) {
    if (have[i].isEqualNode(want[j])) {
      i++;
      j++;
      continue;
    }
    // the oldest lines dropped (a trimmed log)? then want[j] is shown further on
    let k = i + 1;
    while (k < have.length && !have[k].isEqualNode(want[j])) k++;
    if (k === have.length) break;
    for (; i < k; i++) have[i].remove();
    changed = true;
  }
  for (; i < have.length; i++) {
    have[i].remove();
    changed = true;
  }
  if (j < want.length) {
    el.append(...want.slice(j));
    changed = true;
  }
  if (changed) el.scrollTop = el.scrollHeight;
}
