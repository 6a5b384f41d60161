// Business constants of SPEC.md §4 and §9 that the shell uses.

/** The token is refreshed when its age reaches its lifetime minus this many seconds. */
export const REFRESH_MARGIN_S = 60;

/** Session cap counted from loginIssuedAt: 24 h for Order Taker and Serve, 8 h otherwise. */
export const LONG_SESSION_ROLES: readonly string[] = ['BOD', 'BSV'];
export const LONG_SESSION_CAP_S = 24 * 60 * 60;
export const SESSION_CAP_S = 8 * 60 * 60;

/** The loading overlay hides this long after the last load ends. */
export const LOADING_HIDE_DELAY_MS = 100;

/** Toasts (bottom right) stay this many seconds. */
export const TOAST_DURATION_S = 3;

/**
 * Below this viewport width the screen-size-not-supported notice covers the app.
 * 360 px is the narrowest phone in common use on the wards (Serve scans on a phone).
 */
export const MIN_SUPPORTED_WIDTH_PX = 360;

export const LANGUAGES = ['th', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'th';
