/**
 * How an integer is written in a URL: canonical decimal only (an optional minus and ASCII digits, no
 * leading zero, no `-0`), so each number has one spelling and one resource one URL and one cache key.
 * The server reads integer parameters by it and the API tester checks what is typed by it, so the tester
 * never sends what the server refuses nor refuses what the server reads.
 *
 * The minus belongs to the rule: which integers a parameter takes is for its schema's minimum and maximum
 * to say, not for the spelling. A sign-free rule agreed with the server only while no parameter allowed a
 * negative value.
 */
const DECIMAL_INTEGER = /^(0|-?[1-9][0-9]*)$/;

/** The integer the text stands for, or undefined when it is not one in canonical decimal form or not a safe integer. */
export function parseDecimalInteger(text: string): number | undefined {
  if (!DECIMAL_INTEGER.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}
