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

const dateOnly = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** A day in the user's locale, e.g. for an expiry that has not happened yet. */
export function formatDate(date: Date): string {
  return Number.isNaN(date.getTime()) ? '' : dateOnly.format(date);
}
