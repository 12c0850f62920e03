/** The machine and the versions a reader needs to compare this report with another. */
import { readFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type as osType } from 'node:os';
import { resolve } from 'node:path';
import { benchModules, root } from './options.ts';

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  chromium: string;
  postgres: string;
  packages: Record<string, string>;
  /** 1-minute load average at the start and the end of the run: above the core count, others were busy too. */
  loadAtStart: number;
  loadAtEnd: number;
}

const PACKAGES = [
  'react',
  '@mui/material',
  'vite',
  'fastify',
  '@fastify/compress',
  '@electric-sql/pglite',
  'pg',
  'swagger-ui-dist',
  'redoc',
  '@scalar/api-reference',
  '@stoplight/prism-cli',
  'autocannon',
  '@playwright/test',
];

/** The peers and load tools, which bench/package.json installs into bench/node_modules. */
const BENCH_PACKAGES = new Set(
  Object.keys((JSON.parse(readFileSync(resolve(root, 'bench/package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies),
);

function packageVersion(name: string): string {
  const modules = BENCH_PACKAGES.has(name) ? benchModules : resolve(root, 'node_modules');
  try {
    return (JSON.parse(readFileSync(resolve(modules, name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'missing';
  }
}

export function currentLoad(): number {
  return loadavg()[0] ?? Number.NaN;
}

export function machineInfo(chromium: string, postgres: string): MachineInfo {
  const cpuList = cpus();
  return {
    cpu: cpuList[0]?.model ?? 'unknown',
    cores: cpuList.length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    os: `${osType()} ${release()}`,
    node: process.version,
    chromium,
    postgres,
    packages: Object.fromEntries(PACKAGES.map((name) => [name, packageVersion(name)])),
    loadAtStart: loadavg()[0] ?? Number.NaN,
    loadAtEnd: Number.NaN,
  };
}
