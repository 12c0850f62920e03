/** lib/log-inserter.ts in its own process: the request log's database work at a given rate, with no server. */
import { join } from 'node:path';
import { INSERTER_READY } from './log-insert-floor.ts';
import { root } from './options.ts';
import { start, tsNode, type Started } from './processes.ts';

/** Appends `callsPerSecond` log rows a second into `target` (a database url, or `pglite`) until stopped; resolves once it inserts. */
export async function startLogInserter(target: string, callsPerSecond: number): Promise<Started> {
  const [command, args] = tsNode(join(root, 'bench/lib/log-inserter.ts'), [target, String(Math.round(callsPerSecond))]);
  const inserter = start('log-inserter', command, args, {}, { readOutput: true });
  const inserting = new Promise<void>((resolve, reject) => {
    let printed = '';
    inserter.child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes(INSERTER_READY)) resolve();
    });
    inserter.child.once('exit', () => reject(new Error(`log-inserter exited before inserting (see ${inserter.logFile})`)));
    setTimeout(() => reject(new Error(`log-inserter did not start inserting in 60 s (see ${inserter.logFile})`)), 60_000).unref();
  });
  await inserting.catch(async (error: unknown) => {
    await inserter.stop();
    throw error;
  });
  return inserter;
}
