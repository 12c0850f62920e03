/**
 * The two environments a token belongs to, for life: `sandbox` calls are answered from the portal's own
 * data (each account's, made at its first sign-in), `live` calls reach the provider's API
 * (UPSTREAM_API_URL). The word is part of the token's value (`acme_s_live_…`), so a person or a secret
 * scanner tells them apart at a glance.
 */
export const TOKEN_ENVIRONMENTS = ['sandbox', 'live'] as const;
export type TokenEnvironment = (typeof TOKEN_ENVIRONMENTS)[number];

export const ENVIRONMENT_LABEL: Readonly<Record<TokenEnvironment, string>> = { sandbox: 'Sandbox', live: 'Live' };
