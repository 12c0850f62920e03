/** Dates in the user's locale with the time zone spelled out ("with the time zone clear"). */
// dateStyle/timeStyle cannot be combined with timeZoneName, so the parts are listed one by one.
const dateTime = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/**
 * The same text split into its day and its time ("Nov 23, 2026," and "12:24 AM UTC"; joined by a space
 * they read as formatDateTime), so a narrow column can wrap between them and never inside the time.
 */
export function formatDateTimeParts(iso: string): { day: string; time: string } {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { day: iso, time: '' };
  const parts = dateTime.formatToParts(date);
  const hour = parts.findIndex((part) => part.type === 'hour');
  const text = (from: number, to?: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join('');
  return hour < 0 ? { day: text(0), time: '' } : { day: text(0, hour).trimEnd(), time: text(hour) };
}

const dateOnly = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** A day in the user's locale, e.g. for an expiry that has not happened yet. */
export function formatDate(date: Date): string {
  return Number.isNaN(date.getTime()) ? '' : dateOnly.format(date);
}
