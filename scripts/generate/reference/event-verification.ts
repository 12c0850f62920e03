/**
 * The "How to verify" part of a page of events, built from the events' own data: the signature headers and
 * the answers each event's section documents (the spec's webhook parameters and responses), each said once.
 * So the page's summary and the events cannot disagree, and a change of the retry schedule in openapi/
 * reaches both. Standard Webhooks: https://www.standardwebhooks.com
 */
import type { Block, Inline, ReferenceOperation } from '../../../src/shared/portal-data/reference-page.ts';

/** The heading's anchor on the page (and the search entry's). */
const VERIFICATION_ID = 'how-to-verify';
const STANDARD_WEBHOOKS = 'https://www.standardwebhooks.com';

/** Each distinct `key` once, in first-seen order (every event shares the same headers and answers). */
function distinct<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

function item(name: string, description: readonly Inline[] | undefined): Block[] {
  return [{ t: 'p', c: [{ t: 'code', v: name }, ...(description ? [': ', ...description] : [])] }];
}

export function eventVerification(events: readonly ReferenceOperation[]): Block[] | undefined {
  const [first] = events;
  if (first === undefined) return undefined;
  const headers = distinct(
    events.flatMap((event) => event.parameters.filter((parameter) => parameter.in === 'header')),
    (header) => `${header.name}:${JSON.stringify(header.description ?? null)}`,
  );
  const answers = distinct(
    events.flatMap((event) => event.responses),
    (response) => `${response.status}:${JSON.stringify(response.description ?? null)}`,
  );
  const contentType = first.requestBody?.contentType ?? 'application/json';
  return [
    { t: 'h', level: 1, id: VERIFICATION_ID, c: ['How to verify'] },
    {
      t: 'p',
      c: [
        'Each event arrives at your endpoint as a ',
        { t: 'code', v: first.method.toUpperCase() },
        ' of its ',
        { t: 'code', v: contentType },
        ' payload, signed to the ',
        { t: 'a', href: STANDARD_WEBHOOKS, c: ['Standard Webhooks'] },
        ' specification. Check the signature on the raw body before you act on an event: the ',
        { t: 'code', v: 'standardwebhooks' },
        ' libraries (npm, PyPI) do it in one call, as every event’s samples show. The headers:',
      ],
    },
    { t: 'ul', items: headers.map((header) => item(header.name, header.description)) },
    { t: 'p', c: ['What your endpoint answers:'] },
    { t: 'ul', items: answers.map((answer) => item(answer.status, answer.description)) },
  ];
}
