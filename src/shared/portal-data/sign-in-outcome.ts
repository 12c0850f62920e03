/**
 * "Sign in with ..." happens across redirects, so its failure comes back to the login page as a marker in
 * the URL (`/login?signIn=failed`), which the page turns into the same toast the form shows. The server
 * (routes/portal-oidc/) writes it, the app (features/auth/) reads and removes it.
 */
import { REDIRECT_PARAM, safeRedirectTarget } from './login-redirect.ts';

export const SIGN_IN_OUTCOME_PARAM = 'signIn';
/** The 503 of a sign-in whose provider cannot be reached, and the login page's toast for `unavailable`. */
export const PROVIDER_UNAVAILABLE_MESSAGE = 'The warehouse system could not be reached; try again in a minute.';
/** `failed`: refused (wrong account, wrong user type, a tampered answer); `unavailable`: the provider could not be reached. */
export const SIGN_IN_OUTCOMES = ['failed', 'unavailable'] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

export function signInOutcomeOf(raw: string | null): SignInOutcome | undefined {
  return (SIGN_IN_OUTCOMES as readonly string[]).includes(raw ?? '') ? (raw as SignInOutcome) : undefined;
}

/** The login page saying `outcome`, still remembering where the user was going. */
export function loginPathWithOutcome(outcome: SignInOutcome, target: string): string {
  const safe = safeRedirectTarget(target);
  const params = new URLSearchParams({ [SIGN_IN_OUTCOME_PARAM]: outcome, ...(safe === '/' ? {} : { [REDIRECT_PARAM]: safe }) });
  return `/login?${params.toString()}`;
}
