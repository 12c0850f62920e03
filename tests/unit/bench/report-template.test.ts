/** bench/report-template.md holds the report's prose; bench/report.ts fills it. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fillProse, proseBlocks, writeReport } from '../../../bench/report';
import type { BenchResults } from '../../../bench/lib/results';

const template = [
  'The file explains itself here; {{this}} is not a block.',
  '<!-- one -->',
  '',
  'A paragraph wrapped',
  'over {{count}} lines.',
  '',
  '- A list item whose',
  '  continuation is indented.',
  '<!-- fenced -->',
  '```sh',
  'npm run bench   # kept as it is',
  '```',
  '',
  'After the fence.',
].join('\n');

describe('proseBlocks', () => {
  const blocks = proseBlocks(template);

  it('gives each paragraph one line, as the report has it, and keeps a fence line by line', () => {
    expect([...blocks.keys()]).toEqual(['one', 'fenced']);
    expect(blocks.get('one')).toBe('A paragraph wrapped over {{count}} lines.\n\n- A list item whose continuation is indented.');
    expect(blocks.get('fenced')).toBe('```sh\nnpm run bench   # kept as it is\n```\n\nAfter the fence.');
  });

  it('fills the values and refuses a missing block, a missing value or an unused one', () => {
    expect(fillProse(blocks, 'one', { count: 2 })).toContain('over 2 lines.');
    expect(fillProse(blocks, 'one', { count: '$& and $1' })).toContain('over $& and $1 lines.');
    expect(() => fillProse(blocks, 'two')).toThrow('no block "two"');
    expect(() => fillProse(blocks, 'one')).toThrow('no value for {{count}}');
    expect(() => fillProse(blocks, 'one', { count: 2, counts: 3 })).toThrow('no {{counts}}');
  });
});

describe('bench/report-template.md', () => {
  const names = [...proseBlocks(readFileSync('bench/report-template.md', 'utf8')).keys()];
  const used = new Set([...readFileSync('bench/report.ts', 'utf8').matchAll(/prose\('([a-z0-9-]+)'/g)].map((match) => match[1]));

  it('has exactly the blocks report.ts uses', () => {
    expect(new Set(names)).toEqual(used);
  });

  it('fills a run that measured nothing, with nothing left unfilled', () => {
    const results = {
      startedAt: '2026-11-22T03:28:11.123Z',
      finishedAt: '2026-11-22T03:35:11.123Z',
      durationMs: 421_000,
      machine: { cpu: 'CPU', cores: 2, memoryGiB: 8, os: 'Linux', node: 'v24', chromium: '1', postgres: '17', packages: {}, loadAtStart: 3, loadAtEnd: 1 },
      settings: {},
      errors: [],
    } satisfies BenchResults;
    const report = writeReport(results);
    expect(report).not.toMatch(/\{\{|\}\}/);
    expect(report).toContain('on 2026-11-22 03:28 UTC; the run took 7.0 minutes.');
    expect(report).toContain('at the end (above the core count:');
    expect(report).toContain('## 1. Reference pages\n\nNot measured in this run (see Errors).\n');
    expect(report).toContain('## How to rerun\n\n```sh\nnpm ci\n');
  });
});
