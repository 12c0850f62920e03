/**
 * The API token the user last chose on a documentation page ("Use my token"), so "Try it" opens the API
 * Test screen with it filled in. Held in this module's memory only: never stored, never in a URL or in
 * history state, gone on reload.
 */
let chosen: string | null = null;

export function rememberChosenToken(value: string | null): void {
  chosen = value;
}

export function chosenToken(): string | null {
  return chosen;
}
