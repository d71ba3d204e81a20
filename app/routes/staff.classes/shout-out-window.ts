/** How far back the shout-outs look: the classes of the last twelve hours, running or ended. */
export const SHOUT_OUT_HOURS = 12;
