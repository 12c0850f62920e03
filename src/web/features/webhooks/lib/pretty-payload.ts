/** A payload indented to read; text that is not JSON stays as it came (the exact bytes are what was signed). */
export function prettyPayload(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}
