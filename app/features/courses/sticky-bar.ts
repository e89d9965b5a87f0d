/** A course page's sticky bar appears after this much scroll (the React bar and its island, decision 099). */
export const STICKY_BAR_THRESHOLD_PX = 500;
