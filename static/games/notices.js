// Timeout notices: a seat's "time's up" sentence, on its seat (a badge)
// and in the status bar, for as long as it is news.

/** How long a timeout notice stays on its seat and in the status bar (ms, server time). */
export const NOTICE_MS = 8000;

/** Per table id: its TimeoutNotices (kept across view instances). */
const TIMEOUTS = new Map();

/** Per table view drawn (TableView.update's `view` object): the
 * TimeoutNotices of the game view drawing it, for its seats' badges (a
 * replay's view carries the table's id, its notices are its own). */
const NOTICES_OF = new WeakMap();

/** Seat `seat`'s turn id in table view `view`, or null while it need not act. */
function turnOf(view, seat) {
  return (view.to_act || []).includes(seat) ? (view.turns || {})[String(seat)] || null : null;
}

/** A table's recent forced moves of people's seats (the lobby's `timeout`
 * events with `bot` false; away seats played by a bot are said by their
 * badge): per seat the latest {ev, state, events (of its version), turn
 * (the seat's turn id then, or null), mine (my seat's), away (the seat
 * was away since), until (server ms;
 * Infinity for mine), text (worded by the view: TableView.timeoutText)}.
 * Another seat's notice belongs to the turn that ran out: it goes when the
 * seat's next turn starts (none is made when that turn starts with the
 * timeout itself: Shut the Box's next round, 6 Nimmt!'s next pick), else
 * after NOTICE_MS; an away seat's lasts until a bot plays its next move,
 * its player is back (or the game ends with the seat no longer away), or
 * NOTICE_MS.  My own ("Time's up — … for you") speaks of my seat's
 * latest move while that is the forced one: it stays until a later move of
 * my seat is played (acted(): a move I send, or I'm back; a bot's for my
 * away seat; the clock's again, which it then names), so it is seen even
 * when my next turn starts at once (6 Nimmt!).  When
 * the game ends the status bar shows its result, not a notice, while the
 * seats keep their badges; a new game (or the table back to waiting)
 * drops them.  The log keeps every one. */
export class TimeoutNotices {
  constructor() {
    this.version = null;
    this.gameNo = null;
    this.bySeat = new Map();
    this.now = 0;
    this.over = false; // the game is over: badges only, no status-bar notice
  }

  /** The timeout events of table view `view` at `version` (each once), as
   * seen from seat `mySeat` (or null): notices until `now` + NOTICE_MS or
   * the seat's next turn (mine: until acted()); `word(note)` gives each
   * its sentence.  `stepEvents` (a replay step's events, else null): the
   * step's notices are those of its own events alone, for as long as it
   * is shown (not a step before it: another step is another moment). */
  take(view, version, now, word, mySeat = null, stepEvents = null) {
    this.now = now;
    if (version !== this.version) {
      this.version = version;
      if (stepEvents) this.bySeat.clear();
      if (view.game_no !== this.gameNo || view.status === "waiting") this.bySeat.clear(); // another game's
      this.gameNo = view.game_no;
      for (const [seat, note] of this.bySeat) {
        const s = view.seats[seat];
        const away = !!(s && s.away);
        // back from away (its player acts again, or the game ended with no bot's move for it): that turn is behind it
        if (!note.mine && !away && (note.away || turnOf(view, seat) !== note.turn)) this.bySeat.delete(seat);
        else if (away) note.away = true;
      }
      for (const ev of stepEvents || view.events || []) {
        if (ev && ev.type === "timeout" && ev.bot) this.bySeat.delete(ev.seat); // a bot played its next move (mine too: no longer my latest)
        if (!ev || ev.type !== "timeout" || ev.bot) continue;
        const s = view.seats[ev.seat];
        const turn = turnOf(view, ev.seat);
        const mine = ev.seat === mySeat;
        if (!mine && turn !== null && !(s && s.away)) {
          this.bySeat.delete(ev.seat); // its next turn has started: the notice was the last one's
          continue;
        }
        this.bySeat.set(ev.seat, { ev, state: view.state, events: view.events, turn, mine, away: !!(s && s.away), until: mine || stepEvents ? Infinity : now + NOTICE_MS, text: "" });
      }
    }
    this.over = view.status !== "playing"; // its result, not a notice, in the bar (the seats keep their badges)
    for (const [seat, note] of this.bySeat) {
      if (note.until <= now) this.bySeat.delete(seat);
      else note.text = word(note);
    }
  }

  /** Seat `seat` acted (a move sent, or I'm back): its notice ends;
   * whether there was one. */
  acted(seat) {
    return this.bySeat.delete(seat);
  }

  /** Seat `seat`'s notice while it lasts, or null. */
  shown(seat) {
    const note = this.bySeat.get(seat);
    return note && note.until > this.now ? note : null;
  }

  /** The notice to show in the status bar: `mySeat`'s, else the newest;
   * none once the game is over. */
  latest(mySeat) {
    if (this.over) return null;
    const live = [...this.bySeat.values()].filter((n) => n.until > this.now);
    return live.find((n) => n.ev.seat === mySeat) || live[live.length - 1] || null;
  }
}

/** Seat `seat` of table `id` acted (a move it sent, or I'm back): its
 * time's-up notice ends (TimeoutNotices.acted); whether it had one. */
export function actedAt(id, seat) {
  return TIMEOUTS.has(id) && seat !== null && seat !== undefined ? TIMEOUTS.get(id).acted(seat) : false;
}

/** Table `id`'s TimeoutNotices, made on its first use: kept across view
 * instances (a table screen makes a new view after a language change). */
export function tableNotices(id) {
  if (!TIMEOUTS.has(id)) TIMEOUTS.set(id, new TimeoutNotices());
  return TIMEOUTS.get(id);
}

/** Table view `view` (TableView.update's object) is drawn by a game view
 * whose notices are `notices`: its seats' badges (seatNotice) are theirs. */
export function drawnWith(view, notices) {
  NOTICES_OF.set(view, notices);
}

/** Seat `seat`'s time's-up notice for its badge on table view `view`, or
 * null: the notices of the game view drawing it (a replay's own, not the
 * live table's); my own notice outlasts my turn's end (until I act), so
 * its badge shows only while I am not to act. */
export function seatNotice(view, seat) {
  const notes = NOTICES_OF.get(view);
  const note = notes ? notes.shown(seat) : null;
  return note && !(note.mine && turnOf(view, seat) !== null) ? note : null;
}
