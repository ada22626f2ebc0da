// The move gate: a table screen's one way to send a move and wait for its
// answer.

import { myTurn } from "./clocks.js";
import { actedAt } from "./notices.js";

/** The one way a move waits for its answer (a table screen has one gate).
 * send(move) names my current turn and marks the move in flight; it is
 * settled by its reply (a refusal at once, the error going to `onError`; an
 * `ok` once the table shows the version the move was committed as: the
 * server sends that delta before the ok) or by a version in which my turn
 * moved on (a forced move, the game over).  `changed()` is called when a
 * move goes out or is settled by its reply, for the host to render again;
 * see(entry) is told every version (tableContext does it). */
export class MoveGate {
  constructor(net, id, changed, onError) {
    this.net = net;
    this.id = id;
    this.changed = changed;
    this.onError = onError;
    this.entry = null; // the latest table entry
    this.sent = null; // {turn, move, committed: the ok's version, or null before it}
  }

  /** The table's latest entry: settles the move in flight if it shows the
   * move answered. */
  see(entry) {
    this.entry = entry;
    const s = this.sent;
    if (s && (myTurn(entry.view, entry.seat) !== s.turn || (s.committed !== null && entry.version >= s.committed))) this.sent = null;
  }

  /** Send `move` for my turn (or for `named`, a turn id I may still act in
   * though nobody waits for me: 6 Nimmt!'s changed pick), unless there is
   * none or a move is in flight. */
  send(move, named = null) {
    const entry = this.entry;
    const turn = entry ? myTurn(entry.view, entry.seat) : null;
    if (!(turn || named) || this.sent) return;
    const sent = (this.sent = { turn, move, committed: null });
    actedAt(this.id, entry.seat); // my time's-up notice ends with my own next move
    this.changed();
    this.net.move(this.id, named || turn, move).then(
      (ok) => {
        if (this.sent !== sent) return;
        sent.committed = ok && typeof ok.version === "number" ? ok.version : -Infinity;
        this.see(this.entry);
        if (!this.sent) this.changed();
      },
      (err) => {
        if (this.sent === sent) this.sent = null;
        this.onError(err);
        this.changed();
      }
    );
  }
}
