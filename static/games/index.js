// The table view of each game that has its own; the others get the generic one.
// One import and one entry per game.

import { SibalaView } from "./sibala.js";
import { StudView } from "./stud.js";

export const VIEWS = {
  stud: StudView,
  sibala: SibalaView,
};
