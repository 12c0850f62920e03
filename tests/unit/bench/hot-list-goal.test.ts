import { describe, expect, it } from 'vitest';
import { hotListShares, hotListVerdict } from '../../../bench/lib/hot-list-goal';
import type { HotListPair } from '../../../bench/lib/results';
import type { LoadResult } from '../../../bench/measure-server';

const run = (rps: number): LoadResult => ({ rps }) as LoadResult;
const pair = (ours: number, ceiling: number, withLogInsert?: number): HotListPair => ({
  ours: run(ours),
  ceiling: run(ceiling),
  ...(withLogInsert === undefined ? {} : { ceilingWithLogInsert: { ...run(withLogInsert), insertBeside: ours } }),
});

describe("goal 6's hot list", () => {
  it('takes the median of each ratio over the pairs', () => {
    const shares = hotListShares([pair(30, 100, 60), pair(50, 100, 80), pair(36, 100, 90)]);
    expect(shares.toCeiling).toBeCloseTo(0.36);
    expect(shares.toFloor).toBeCloseTo(0.5);
  });

  it('is met against the bare ceiling at 40%, whatever the floor says', () => {
    expect(hotListVerdict(hotListShares([pair(40, 100, 200)]))).toBe('met');
  });

  it('is met at the floor when short of the ceiling but at 40% of the ceiling with the log insert beside', () => {
    expect(hotListVerdict(hotListShares([pair(38, 100, 90)]))).toBe('met at the floor');
  });

  it('is missed when short of both', () => {
    expect(hotListVerdict(hotListShares([pair(30, 100, 90)]))).toBe('missed');
  });

  it('is missed, not at the floor, for results measured without the floor runs', () => {
    expect(hotListVerdict(hotListShares([pair(38, 100)]))).toBe('missed');
    expect(hotListShares([pair(38, 100)]).toFloor).toBeUndefined();
  });

  it('is not measured without pairs', () => {
    expect(hotListVerdict(hotListShares([]))).toBe('not measured');
  });
});
