/**
 * The lengths a token's title and description may have (openapi/components/schemas/CreateApiTokenRequest.yaml;
 * tests/unit/web/tokens/text-limits.test.ts keeps them equal), counted as the server's validator counts them:
 * in characters, so an emoji is one. The form shows the count as it is typed and says in words when it is over.
 */
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 500;

/** Characters as the spec's maxLength counts them (code points), of the text as it will be sent (trimmed). */
export function characterCount(text: string): number {
  return [...text.trim()].length;
}

/** "12/100": the counter beside the helper text. */
export function counterText(text: string, max: number): string {
  return `${characterCount(text)}/${max}`;
}

/** The field's error when the text is over the limit, else undefined. */
export function tooLongMessage(text: string, max: number): string | undefined {
  const count = characterCount(text);
  return count > max ? `Too long: ${count} characters, at most ${max}.` : undefined;
}
