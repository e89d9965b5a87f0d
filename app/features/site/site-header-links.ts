/** The legal banner hides and the nav gains a shadow once scrollY ≥ 20 px (the React header and its island). */
export const SCROLL_THRESHOLD_PX = 20;

/** The phone menu's button names, shared by the React header and the header island. */
export const MENU_BUTTON_LABEL = { open: "Abrir menu", close: "Fechar menu" } as const;
