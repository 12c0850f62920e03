/** docs/decisions/: each record dated, with a status and the three sections, short, and indexed in the README. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = 'docs/decisions';
const files = readdirSync(DIR).filter((name) => /^\d{3}-.+\.md$/.test(name));
const numbers = new Set(files.map((name) => name.slice(0, 3)));
const index = readFileSync(join(DIR, 'README.md'), 'utf8');

/** Records run a little over the 60 lines the house style asks for; past this, split or move figures out. */
const MOST_LINES = 70;

describe.each(files)('%s', (name) => {
  const text = readFileSync(join(DIR, name), 'utf8');
  const title = new RegExp(`^# ${name.slice(0, 3)}: (.+)$`, 'm').exec(text)?.[1];
  const date = /^Date: (\d{4}-\d{2}-\d{2})$/m.exec(text)?.[1];
  const status = /^Status: (Accepted|Superseded by (\d{3}))$/m.exec(text);

  it('opens with its number and title, then Date and Status', () => {
    expect(title).toBeDefined();
    expect(date).toBeDefined();
    expect(status).not.toBeNull();
  });

  it('is superseded only by a record that exists', () => {
    const successor = status?.[2];
    if (successor !== undefined) expect(numbers).toContain(successor);
  });

  it('has Context, Decision and Consequences, in that order, and stays short', () => {
    const sections = [...text.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(sections).toEqual(['Context', 'Decision', 'Consequences']);
    expect(text.trimEnd().split('\n').length).toBeLessThanOrEqual(MOST_LINES);
  });

  it("is a row of the README's index with the same title, date and status", () => {
    expect(index).toContain(`| [${name.slice(0, 3)}](${name}) | ${title} | ${date} | ${status?.[0].replace('Status: ', '')} |`);
  });
});

it('indexes no record that is not there', () => {
  const indexed = [...index.matchAll(/^\| \[\d{3}\]\(([^)]+)\)/gm)].map((match) => match[1]);
  expect(indexed).toEqual(files);
});
