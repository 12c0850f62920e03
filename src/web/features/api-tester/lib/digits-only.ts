/** Numbers-only inputs (the ID, page, size): a change that is not all digits is ignored, so typing a letter changes nothing. */
export function digitsOnly(previous: string, next: string): string {
  return /^\d*$/.test(next) ? next : previous;
}
