/**
 * A count with its noun in the right number: "1 call", "2 calls", "1,024 rows". The nouns counted here
 * (call, request, row, page, token, day) all take a plain "s".
 */
export function plural(count: number, noun: string): string {
  return count === 1 ? noun : `${noun}s`;
}

export function countOf(count: number, noun: string): string {
  return `${count.toLocaleString()} ${plural(count, noun)}`;
}
