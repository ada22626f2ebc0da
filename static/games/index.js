// The table view of each game that has its own; the others get the generic one.
// One import and one entry per game.

import { SibalaView } from "./sibala.js";
import { StudView } from "./stud.js";
import { YahtzeeView } from "./yahtzee.js";
import { ShutTheBoxView } from "./shut_the_box.js";
import { SixNimmtView } from "./six_nimmt.js";

export const VIEWS = {
  stud: StudView,
  sibala: SibalaView,
  yahtzee: YahtzeeView,
  shut_the_box: ShutTheBoxView,
  six_nimmt: SixNimmtView,
};
