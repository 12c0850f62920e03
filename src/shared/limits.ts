/**
 * Product constants that are not part of the API contract.
 * Page defaults, page-size limits and field lengths live in openapi/ and reach code through src/generated/.
 */
export const LOGIN_ERROR_TOAST_MS = 3000;
export const SIDEBAR_WIDTH_PX = 280;
export const RESPONSE_PANEL_MAX_HEIGHT_PX = 800;
/** A token that expires within this many days gets an "expires soon" badge. */
export const TOKEN_EXPIRY_WARNING_DAYS = 7;
/**
 * A readable companion of the HttpOnly session cookie, holding only `1`: it lets the app skip the profile
 * call (and its 401) when no one is logged in in this browser. Never trusted: the server reads only the
 * session cookie, and clears this one whenever that is missing or no longer valid.
 */
export const SESSION_HINT_COOKIE = 'portal_signed_in';
