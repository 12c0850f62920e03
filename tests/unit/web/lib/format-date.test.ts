/** Dates on token cards: day and time apart, so a narrow card wraps between them and never inside the time. */
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDateTimeParts } from '../../../../src/web/lib/format-date';

describe('formatDateTimeParts', () => {
  it('splits formatDateTime into the day and the whole time, which read the same joined by a space', () => {
    const iso = '2026-11-23T00:24:00.000Z';
    const { day, time } = formatDateTimeParts(iso);
    // Engines differ in which space (U+0020 or U+202F) they put before AM/PM in format() and formatToParts().
    const spaces = (text: string) => text.replace(/\s/gu, ' ');
    expect(spaces(`${day} ${time}`)).toBe(spaces(formatDateTime(iso)));
    expect(day).toContain('2026');
    expect(day).not.toMatch(/\s$/);
    // The time keeps its hour, minutes, AM/PM and zone together.
    expect(time).toMatch(/^\d{1,2}:24/);
    expect(time).not.toContain('2026');
  });

  it('leaves a text that is not a date as it is', () => {
    expect(formatDateTimeParts('soon')).toEqual({ day: 'soon', time: '' });
  });
});
