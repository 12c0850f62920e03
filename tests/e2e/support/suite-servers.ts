/**
 * The suite's servers: one per Playwright worker (global-setup.ts starts them), on E2E_PORT + the worker's
 * parallel index, so two workers never share an account, a token list or a request log. Specs that start a
 * server of their own take E2E_PORT + 1000 and up (OWN_SERVER_PORT), clear of these.
 */
export const SUITE_PORT = Number(process.env.E2E_PORT ?? 8181);

export function suiteServerPort(parallelIndex: number): number {
  return SUITE_PORT + parallelIndex;
}

export const OWN_SERVER_PORT = SUITE_PORT + 1000;
