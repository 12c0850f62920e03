/**
 * The provider's gateway in front of the reference provider API, checked by a portal (docs/gateway.md):
 * Debian's nginx (`/usr/sbin/nginx`, with auth_request) or Caddy (`/usr/bin/caddy`), both installed by
 * `.ci/run`, each running exactly examples/gateway/'s file with its placeholders replaced, on a free port
 * of 127.0.0.1 with everything else in a temp dir, and stopped with SIGTERM.
 *
 *   const upstream = await startReferenceUpstream(portalOrigin);   // identities checked with the portal's key set
 *   const nginx = await startGateway('nginx', { portal: '127.0.0.1:8080', providerApi: upstream.hostPort, gatewayLog: '127.0.0.1:5140' });
 *   await fetch(`${nginx.baseUrl}/api/v1/seller/warehouses`, { headers: { 'ACME-API-TOKEN': token } });
 *   await nginx.dispose();
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brand } from '../../../src/generated/brand.ts';
import { createReferenceUpstream } from '../../../examples/upstream-reference/server.mjs';
import { freePort, waitForPort } from './free-port.ts';
import { ROOT } from './server-process.ts';

export type GatewayEngine = 'nginx' | 'caddy';

export interface GatewayOptions {
  /** host:port of the portal. */
  portal: string;
  /** host:port of the provider's API. */
  providerApi: string;
  /** host:port where the portal receives the access log (GATEWAY_LOG_ADDRESS). */
  gatewayLog: string;
}

export interface Gateway {
  baseUrl: string;
  /** The engine's own output so far (errors when it fails). */
  output(): string;
  dispose(): Promise<void>;
}

const EXAMPLES = join(ROOT, 'examples/gateway');

/** The example with its placeholders replaced; the brand's token header where the example names ACME's. */
function filled(file: string, values: Record<string, string>): string {
  let text = readFileSync(join(EXAMPLES, file), 'utf8').replaceAll('ACME-API-TOKEN', brand.apiTokenHeader);
  text = text.replaceAll('$http_acme_api_token', `$http_${brand.apiTokenHeader.toLowerCase().replaceAll('-', '_')}`);
  for (const [name, value] of Object.entries(values)) text = text.replaceAll(`{{${name}}}`, value);
  const left = /\{\{[A-Z_]+\}\}/.exec(text);
  if (left !== null) throw new Error(`${file}: placeholder ${left[0]} not replaced`);
  return text;
}

/** Until the gateway listens; its output in the error when it exits or never does. */
async function untilListening(port: number, child: ChildProcess, output: () => string): Promise<void> {
  await waitForPort(port, 'gateway', () => {
    if (child.exitCode !== null) throw new Error(`gateway exited (${child.exitCode})`);
  }).catch((error: unknown) => {
    throw new Error(`${error instanceof Error ? error.message : String(error)}:\n${output()}`);
  });
}

function nginxMain(dir: string): string {
  return [
    // A root master (CI) would hand the workers to `nobody`, who cannot write this temp dir.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log info;`,
    'events { worker_connections 1024; }',
    'http {',
    `  access_log ${dir}/access.log;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${dir}/${name};`),
    `  include ${dir}/portal-gateway.conf;`,
    '}',
    '',
  ].join('\n');
}

export async function startGateway(engine: GatewayEngine, options: GatewayOptions): Promise<Gateway> {
  const dir = await mkdtemp(join(tmpdir(), `${engine}-gateway-`));
  const port = await freePort();
  let child: ChildProcess;
  if (engine === 'nginx') {
    await writeFile(
      join(dir, 'portal-gateway.conf'),
      filled('nginx.conf', { LISTEN: `127.0.0.1:${port}`, PORTAL: options.portal, PROVIDER_API: options.providerApi, GATEWAY_LOG: options.gatewayLog }),
    );
    await writeFile(join(dir, 'nginx.conf'), nginxMain(dir));
    child = spawn('/usr/sbin/nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  } else {
    const site = filled('Caddyfile', {
      SITE: `http://127.0.0.1:${port}`,
      PORTAL: options.portal,
      PROVIDER_API: options.providerApi,
      GATEWAY_LOG: options.gatewayLog,
    });
    // Global options of the test only: no admin endpoint, nothing saved outside the temp dir.
    await writeFile(join(dir, 'Caddyfile'), `{\n\tadmin off\n\tauto_https off\n}\n\n${site}`);
    child = spawn('/usr/bin/caddy', ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') },
    });
  }
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const readOutput = () => output;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await untilListening(port, child, readOutput);
  } catch (error) {
    await stop();
    const log = await readFile(join(dir, 'error.log'), 'utf8').catch(() => '');
    await rm(dir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    output: readOutput,
    async dispose() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface ReferenceUpstream {
  hostPort: string;
  /** The identities of the calls it answered, newest last. */
  identities: Array<{ sub: string; user_type: string; scope: string; token_id: number; client_ip: string }>;
  /** Every request's headers, newest last. */
  headers: IncomingHttpHeaders[];
  close(): Promise<void>;
}

/** examples/upstream-reference on a free port, trusting identities issued by `portalOrigin`. */
export async function startReferenceUpstream(portalOrigin: string): Promise<ReferenceUpstream> {
  const port = await freePort();
  const spec = JSON.parse(readFileSync(join(ROOT, 'dist/export/openapi.json'), 'utf8')) as unknown;
  const { server, identities } = createReferenceUpstream({ spec, issuer: portalOrigin, audience: `http://127.0.0.1:${port}` });
  const headers: IncomingHttpHeaders[] = [];
  server.prependListener('request', (request) => headers.push(request.headers));
  server.listen(port, '127.0.0.1');
  await once(server as Server, 'listening');
  return {
    hostPort: `127.0.0.1:${port}`,
    identities,
    headers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
