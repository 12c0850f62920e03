/**
 * Product constants that are not part of the API contract.
 * Page defaults, page-size limits and field lengths live in openapi/ and reach code through src/generated/.
 */
export const LOGIN_ERROR_TOAST_MS = 3000;
export const SIDEBAR_WIDTH_PX = 280;
export const RESPONSE_PANEL_MAX_HEIGHT_PX = 800;
/** A token that expires within this many days gets an "expires soon" badge. */
export const TOKEN_EXPIRY_WARNING_DAYS = 7;
