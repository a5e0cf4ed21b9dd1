// What every part of the Open Source board draws from: the view, its
// observation (the type generated from the Go struct), the host, and the
// picker that holds the move being chosen.

import { OpenSourceObservation } from "../../observations";
import { Host, View } from "../board";
import { Picker } from "./selection";

export type Obs = OpenSourceObservation;

export interface Ctx {
  v: View;
  o: Obs;
  host: Host;
  picker: Picker;
}
