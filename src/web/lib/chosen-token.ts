/**
 * The API token the user last chose on a documentation page ("Use my token", or in a "Try it" panel), so the
 * panel and the API Test screen ("Open in API Test") start with it filled in. Held in this module's memory
 * only: never stored, never in a URL or in history state, gone on reload.
 */
let chosen: string | null = null;

export function rememberChosenToken(value: string | null): void {
  chosen = value;
}

export function chosenToken(): string | null {
  return chosen;
}
