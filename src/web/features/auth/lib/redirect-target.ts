/** Where to go after login: shared with the server, which redirects logged-out readers of documentation pages. */
export { REDIRECT_PARAM, loginPathFor, safeRedirectTarget } from '../../../../shared/portal-data/login-redirect';
