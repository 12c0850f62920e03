/**
 * The brand is the one setting that names the provider everywhere:
 * the API token header (`ACME-API-TOKEN`), the token prefix (`acme_s_...`) and the portal title.
 * `npm run generate` reads it (an environment variable `BRAND` overrides the default) and writes
 * it into the bundled spec and `src/generated/brand.ts`; app and server read it from there.
 */
export const DEFAULT_BRAND = 'ACME';

export interface Brand {
  /** Upper-case brand, e.g. `ACME`. */
  name: string;
  /** Header that carries an API token, e.g. `ACME-API-TOKEN`. */
  apiTokenHeader: string;
  /** Lower-case prefix of every token value, e.g. `acme` (tokens look like `acme_s_...`). */
  tokenPrefix: string;
  /** Shell variable that code samples use in place of a real token, e.g. `ACME_API_TOKEN`. */
  tokenVariable: string;
}

/** Derives every brand-dependent name from the brand itself. Rejects values that cannot be a header name. */
export function deriveBrand(raw: string = DEFAULT_BRAND): Brand {
  const name = raw.trim().toUpperCase();
  if (!/^[A-Z][A-Z0-9]{1,15}$/.test(name)) {
    throw new Error(`BRAND must be 2-16 letters or digits starting with a letter, got "${raw}"`);
  }
  return {
    name,
    apiTokenHeader: `${name}-API-TOKEN`,
    tokenPrefix: name.toLowerCase(),
    tokenVariable: `${name}_API_TOKEN`,
  };
}

/** The brand a build uses: `BRAND` from the environment when set and not blank, else the default. */
export function brandFromEnv(env: Record<string, string | undefined>): Brand {
  const raw = env.BRAND?.trim();
  return deriveBrand(raw ? raw : DEFAULT_BRAND);
}
