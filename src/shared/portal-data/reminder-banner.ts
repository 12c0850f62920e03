/**
 * The reminder banner's accessible name: people (and tests) find it as the complementary landmark of this
 * name, and the server finds it by the same name in a page rendered at build time. A module of its own that
 * imports nothing, since the app's tiny entry reads it (prerendered-pages.ts) and must stay tiny.
 */
export const REMINDER_LABEL = 'Token expiry reminder';
