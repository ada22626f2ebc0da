// A game's result in words: who won, said to me or about others, a first
// place that counts as a loss, the figures by seat.

import { t, namesList } from "../i18n.js";
import { notToTheEnd } from "../ratings.js";
import { gameSeats } from "./seats.js";

/** Who won, as a result line says it to seat `mySeat` (null: nobody is
 * "you"): {mine (I am among `winners`), alone (one winner), names (the
 * winners as one phrase of the page's language, namesList: "Ann and Bo",
 * "Ann, Bo and Cy"; with me among others, `you` first in my place: "you
 * and Bo", "You, Bo and Cy"; `you` alone when I won alone)}; `names` by
 * seat, `you` the word for me where the line puts the list (t("you"), or
 * t("you_start") at a sentence's start).  A game picks its "you" key from
 * it ("You win", "Winners: you and Bo"). */
export function winnersSaid(winners, names, mySeat, you = t("you")) {
  const mine = mySeat !== null && mySeat !== undefined && winners.includes(mySeat);
  const others = winners.filter((s) => !mine || s !== mySeat).map((s) => names[s]);
  return { mine, alone: winners.length === 1, names: namesList(mine ? [you, ...others] : others) };
}

/** The result's headline where a first place counts as a loss, or null
 * where the game's own headline is true.  A winner (table view `view`'s
 * result.winners) whose player did not play to the end (notToTheEnd: left
 * while a bot finished; a seat away at the end keeps its result) counts a
 * loss in the record and the ratings, so "You win" would contradict the
 * rating line below: "You finished first, but you left: counted as a loss"
 * to that seat (`mySeat`), the same of it by name (`names` by seat) to
 * the others and to spectators, and to a person who played it to its end
 * below that seat, that it counts as a loss for them too (their record
 * says "lost"); a shared first place names who shared it, then each who
 * counts a loss. */
export function firstPlaceText(view, names, mySeat) {
  const winners = (view && view.result && view.result.winners) || [];
  const gone = winners.filter((s) => notToTheEnd(view, s) !== null);
  if (!gone.length) return null;
  const mine = (s) => mySeat !== null && mySeat !== undefined && s === mySeat;
  const said = (s, key) => (mine(s) ? t(`${key}_mine_${notToTheEnd(view, s)}`) : t(`${key}_${notToTheEnd(view, s)}`, { name: names[s] }));
  if (winners.length === 1) {
    // I played it to its end below a seat its player left: my record says what it says for me, a loss
    const seat = mySeat !== null && mySeat !== undefined ? gameSeats(view)[mySeat] : null;
    const stayed = seat && !seat.bot && !winners.includes(mySeat) && notToTheEnd(view, mySeat) === null;
    return stayed ? t(`first_lost_${notToTheEnd(view, winners[0])}_stayed`, { name: names[winners[0]] }) : said(winners[0], "first_lost");
  }
  const others = namesList(winners.filter((s) => !mine(s)).map((s) => names[s]));
  const head = t(winners.some(mine) ? "first_shared_you" : "first_shared", { names: others });
  return [head, ...gone.map((s) => said(s, "shared_lost"))].join(t("sentence_sep"));
}

/** The winners' line of a match result `o` (outcome()) with keys `base`_one,
 * _many, _you (me alone), _you_and (me and others: {names} the others), of
 * translator `tr` (t for the shared ones), `n` o.best; `names` by seat. */
export function winnersLine(tr, base, o, names, mySeat) {
  const w = winnersSaid(o.winners, resultNames(o.view, names), mySeat);
  const form = w.mine ? (w.alone ? "you" : "you_and") : w.alone ? "one" : "many";
  return tr(`${base}_${form}`, { names: w.names, n: o.best });
}

/** "Name figure" items of a result's list ("Ann +10", my own seat's "you
 * +10"): `figures` by seat, `names` by seat. */
export function figureList(names, figures, mySeat) {
  return names.map((name, i) => t(i === mySeat ? "you_figure" : "name_figure", { name, n: figures[i] }));
}

/** `names` (by seat) for results: a seat its player left during the game
 * (gameSeats) marked "Mei (left)". */
export function resultNames(view, names) {
  const seats = gameSeats(view);
  return names.map((n, i) => (seats[i] && seats[i].left ? t("left_name", { name: n }) : n));
}

/** The match result of a finished (or closed) table, or null:
 * {view, winners, scores, coins, best (the first winner's score), who (the
 * winners' names, a leaver's marked, joined by the page language's list separator)}; `names` by seat. */
export function outcome(view, names) {
  if (!((view.status === "finished" || view.status === "closed") && view.result)) return null;
  const winners = view.result.winners || [];
  const scores = view.result.scores || [];
  const marked = resultNames(view, names);
  return { view, winners, scores, coins: view.result.coins || [], best: winners.length ? scores[winners[0]] : 0, who: winners.map((s) => marked[s]).join(t("list_sep")) };
}
