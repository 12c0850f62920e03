/**
 * Goal 6's verdict, the hot list's goal: the PostgreSQL hot list at least 40% of the bare ceiling answering as
 * many bytes, or, when the request log's own database work keeps it under that, at least 40% of the ceiling
 * with the log's insert of as many calls running beside it (the floor, measured in the same pairs).
 */
import type { HotListPair } from './results.ts';
import { summarize } from './stats.ts';

export const HOT_LIST_GOAL = 0.4;

export interface HotListShares {
  /** Median over the pairs of ours / the bare ceiling. */
  toCeiling?: number;
  /** Median over the pairs that have it of ours / the ceiling with the log's insert beside. */
  toFloor?: number;
}

export function hotListShares(pairs: readonly HotListPair[]): HotListShares {
  const floors = pairs.flatMap((pair) => (pair.ceilingWithLogInsert === undefined ? [] : [pair.ours.rps / pair.ceilingWithLogInsert.rps]));
  return { toCeiling: summarize(pairs.map((pair) => pair.ours.rps / pair.ceiling.rps))?.median, toFloor: summarize(floors)?.median };
}

export function hotListVerdict(shares: HotListShares): 'met' | 'met at the floor' | 'missed' | 'not measured' {
  if (shares.toCeiling === undefined) return 'not measured';
  if (shares.toCeiling >= HOT_LIST_GOAL) return 'met';
  return shares.toFloor !== undefined && shares.toFloor >= HOT_LIST_GOAL ? 'met at the floor' : 'missed';
}
