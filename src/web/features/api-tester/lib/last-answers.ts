/**
 * The tester polls like a careful integrator: it remembers the ETag and body of the last 200 of each
 * request (path and query) and sends If-None-Match when the same request runs again. A 304 then shows
 * the remembered body (identical: the ETag is a digest of its bytes, whichever token asked). In memory
 * only, a few entries; tokens are not part of the key and never stored.
 */
const MAX_ENTRIES = 20;

interface LastAnswer {
  etag: string;
  text: string;
}

const answers = new Map<string, LastAnswer>();

export function lastAnswerFor(requestKey: string): LastAnswer | undefined {
  return answers.get(requestKey);
}

export function rememberAnswer(requestKey: string, etag: string | null, text: string): void {
  answers.delete(requestKey);
  if (etag === null) return;
  answers.set(requestKey, { etag, text });
  for (const oldest of answers.keys()) {
    if (answers.size <= MAX_ENTRIES) break;
    answers.delete(oldest);
  }
}

/** Tests start each case without memory. */
export function forgetAnswers(): void {
  answers.clear();
}
