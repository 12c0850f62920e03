import { describe, expect, it } from 'vitest';
import { replaceSubsection } from '../../../bench/lib/report-merge';

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
    const fresh = ['## 3. Cost as data grows', '', '### Start-up', '', '| Restart | 640 |', '', '### Data growth', '', 'Not measured in this run (see Errors).', ''].join('\n');
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
