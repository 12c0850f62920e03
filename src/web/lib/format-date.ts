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

/** A date's text split before its hour: the day, and the time with its zone. */
function splitAtHour(format: Intl.DateTimeFormat, iso: string): { day: string; time: string } {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { day: iso, time: '' };
  const parts = format.formatToParts(date);
  const hour = parts.findIndex((part) => part.type === 'hour');
  const text = (from: number, to?: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join('');
  return hour < 0 ? { day: text(0), time: '' } : { day: text(0, hour).trimEnd(), time: text(hour) };
}

/**
 * The same text split into its day and its time ("Nov 23, 2026," and "12:24 AM UTC"; joined by a space
 * they read as formatDateTime), so a narrow column can wrap between them and never inside the time.
 */
export function formatDateTimeParts(iso: string): { day: string; time: string } {
  return splitAtHour(dateTime, iso);
}

// The request log's second-exact times: the day without its year, the zone always shown.
const logTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

/** A logged call's time, day and time apart: "Mar 31" and "10:15:04 PM GMT+1" (each on a line of its own). */
export function formatLogTimeParts(iso: string): { day: string; time: string } {
  const { day, time } = splitAtHour(logTime, iso);
  return { day: day.replace(/,$/, ''), time };
}

const dateOnly = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** A day in the user's locale, e.g. for an expiry that has not happened yet. */
export function formatDate(date: Date): string {
  return Number.isNaN(date.getTime()) ? '' : dateOnly.format(date);
}
