/** What one `npm run bench` measures: written by run.ts to bench/results/*.json, read by report.ts. */
import type { ActivityBenchResult } from '../activity.ts';
import type { GrowthResult } from '../data-growth.ts';
import type { LoginFloodResult } from '../login-flood.ts';
import type { LoadResult } from '../measure-server.ts';
import type { UsageBenchResult } from '../request-log.ts';
import type { GatewayBenchResult } from '../gateway.ts';
import type { McpBenchResult } from '../mcp.ts';
import type { WebhookBenchResult } from '../webhooks.ts';
import type { PageResult } from '../pages.ts';
import type { StartupResult } from '../startup.ts';
import type { RateLimitStoresResult } from '../rate-limit-stores.ts';
import type { MachineInfo } from './machine.ts';

/** One of goal 6's alternated runs: ours, the ceiling, and the ceiling with the log's insert beside it. */
export interface HotListPair {
  ours: LoadResult;
  ceiling: LoadResult;
  /** The ceiling while lib/log-inserter.ts writes `insertBeside` log rows a second (ours' rate) into our database; absent in older results. */
  ceilingWithLogInsert?: LoadResult & { insertBeside: number };
}

export interface BenchResults {
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  machine: MachineInfo;
  settings: Record<string, unknown>;
  pages?: { real: PageResult[]; realThrottled: PageResult[]; large: PageResult[]; largeOperations: number; realOperations: number };
  server?: {
    loads: LoadResult[];
    idleRss: Record<string, number>;
    targets: string[];
    seedSeconds?: Record<string, number>;
    coldOrders?: number;
    /** Goal 6's hot list: ours on PostgreSQL and the same-size ceiling, alternated, both servers up throughout. */
    hotListPairs?: HotListPair[];
  };
  /** Section 2's hot call on each rate limit store. */
  rateLimitStores?: RateLimitStoresResult;
  startup?: StartupResult;
  growth?: GrowthResult;
  logins?: LoginFloodResult;
  usage?: UsageBenchResult;
  mcp?: McpBenchResult;
  gateway?: GatewayBenchResult;
  activity?: ActivityBenchResult;
  webhooks?: WebhookBenchResult;
  errors: string[];
}
