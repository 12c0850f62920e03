import { describe, expect, it } from 'vitest';
import { historyOf, mergeReport, replaceSubsection, withHistory } from '../../../bench/lib/report-merge';

const existing = [
  '# Benchmarks',
  '',
  '## 3. Cost as data grows',
  '',
  '### Start-up',
  '',
  '| Restart | 1,146 |',
  '',
  '### List and detail latency by volume (PostgreSQL)',
  '',
  '| 1,000,000 | 12 |',
  '',
  '## 4. Login flood',
  '',
].join('\n');

describe('replaceSubsection', () => {
  it('replaces only the named part of a section and keeps the rest of the report', () => {
    const fresh = [
      '## 3. Cost as data grows',
      '',
      '### Start-up',
      '',
      '| Restart | 640 |',
      '',
      '### Data growth',
      '',
      'Not measured in this run (see Errors).',
      '',
    ].join('\n');
    const merged = replaceSubsection(existing, fresh, 'Start-up');
    expect(merged).toContain('| Restart | 640 |');
    expect(merged).not.toContain('1,146');
    expect(merged).toContain('| 1,000,000 | 12 |');
    expect(merged).toContain('## 4. Login flood');
    // The fresh report's own (unmeasured) growth part is not copied over the measured one.
    expect(merged).not.toContain('Not measured in this run');
  });

  it('leaves the report as it was when either side lacks the part', () => {
    expect(replaceSubsection(existing, '## 3. Cost as data grows\n', 'Start-up')).toBe(existing);
  });
});

describe('the History section', () => {
  const history = ['## History', '', '- 2026-11-21: section 1 rerun.', ''].join('\n');
  const previous = [existing, '## How to rerun', '', 'npm run bench', '', history].join('\n');
  const fresh = ['# Benchmarks', '', '## 4. Login flood', '', 'new figures', '', '## How to rerun', '', 'npm run bench', ''].join('\n');

  it('is left out of a merge of some sections and put back last', () => {
    const merged = mergeReport(previous, fresh, new Set(['4']));
    expect(merged).not.toContain('## History');
    const written = withHistory(merged, historyOf(previous));
    expect(written).toContain('new figures');
    expect(written).toContain('| 1,000,000 | 12 |');
    expect(written.endsWith(history)).toBe(true);
    expect(written.indexOf('## How to rerun')).toBeLessThan(written.indexOf('## History'));
  });

  it('survives a run of every section, whose report replaces the whole file', () => {
    expect(withHistory(fresh, historyOf(previous)).endsWith(`npm run bench\n\n${history}`)).toBe(true);
  });

  it('is not duplicated and leaves a report without one as it was', () => {
    expect(withHistory(previous, historyOf(previous)).split('## History').length).toBe(2);
    expect(historyOf(fresh)).toBeUndefined();
    expect(withHistory(fresh, undefined)).toBe(fresh);
  });
});
