/**
 * startApacheGateway(): Debian's Apache (`apache2`, with `libapache2-mod-oauth2`; `.ci/run` installs both)
 * as the provider's gateway, in the foreground (`-X`) with its own configuration in a temp dir, on a free
 * port of 127.0.0.1. mod_oauth2 reads the token from the portal's token header, introspects it at the
 * portal (client_secret_basic) and proxies an active one to `upstream`; stopped with SIGTERM.
 *
 *   const apache = await startApacheGateway({ introspectionUrl, clientId, clientSecret, upstream });
 *   await fetch(`${apache.baseUrl}/api/v1/...`, { headers: { 'ACME-API-TOKEN': token } });
 *   await apache.stop();
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from './free-port.ts';

export const APACHE = '/usr/sbin/apache2';
const MODULES = '/usr/lib/apache2/modules';

export interface ApacheGatewayOptions {
  introspectionUrl: string;
  clientId: string;
  clientSecret: string;
  /** Where an admitted call goes, e.g. http://127.0.0.1:4000/ */
  upstream: string;
  /** The header the token is read from (the portal's token header). */
  tokenHeader: string;
}

export interface ApacheGateway {
  baseUrl: string;
  /** Apache's error log so far (mod_oauth2 logs there). */
  errorLog(): Promise<string>;
  stop(): Promise<void>;
}

/** The gateway's configuration: the part under <Location> is what docs/gateway.md shows. */
export function apacheConfig(dir: string, port: number, options: ApacheGatewayOptions): string {
  const modules = ['mpm_event', 'authn_core', 'authz_core', 'authz_user', 'headers', 'proxy', 'proxy_http', 'oauth2'];
  return [
    `ServerRoot ${dir}`,
    `DefaultRuntimeDir ${dir}`,
    `PidFile ${dir}/httpd.pid`,
    `ErrorLog ${dir}/error.log`,
    'LogLevel warn oauth2:info',
    'ServerName 127.0.0.1',
    `Listen 127.0.0.1:${port}`,
    // As root Apache drops to this user for its workers (it must exist: Debian's nobody/nogroup).
    ...(process.getuid?.() === 0 ? ['User nobody', 'Group nogroup'] : []),
    ...modules.map((name) => `LoadModule ${name}_module ${MODULES}/mod_${name}.so`),
    '<Location "/api/">',
    '  AuthType oauth2',
    // The token as sent, without a scheme word: type= is empty.
    `  OAuth2AcceptTokenIn header name=${options.tokenHeader}&type=`,
    // An answer is cached for at most 60 s: how long a revoked token may still pass this gateway.
    `  OAuth2TokenVerify introspect ${options.introspectionUrl} introspect.auth=client_secret_basic&client_id=${options.clientId}&client_secret=${options.clientSecret}&expiry=60`,
    '  Require valid-user',
    // The upstream gets the introspected claims (OAUTH2_CLAIM_* headers), never the token (run after authentication).
    `  RequestHeader unset ${options.tokenHeader}`,
    `  ProxyPass "${options.upstream}"`,
    '</Location>',
    '',
  ].join('\n');
}

export async function startApacheGateway(options: ApacheGatewayOptions): Promise<ApacheGateway> {
  const dir = await mkdtemp(join(tmpdir(), 'apache-gateway-'));
  const port = await freePort();
  await writeFile(join(dir, 'httpd.conf'), apacheConfig(dir, port, options));
  const apache = spawn(APACHE, ['-X', '-d', dir, '-f', join(dir, 'httpd.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  apache.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  apache.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const errorLog = () => readFile(join(dir, 'error.log'), 'utf8').catch(() => '');
  const exited = new Promise<never>((_resolve, reject) =>
    apache.once('exit', (code) => void errorLog().then((log) => reject(new Error(`apache2 exited (${code}):\n${output}\n${log}`)))),
  );
  exited.catch(() => undefined);
  try {
    await Promise.race([waitForPort(port, 'apache2'), exited]);
  } catch (error) {
    apache.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    errorLog,
    async stop() {
      if (apache.exitCode === null && apache.signalCode === null) {
        const stopped = new Promise<void>((resolve) => apache.once('exit', () => resolve()));
        apache.kill('SIGTERM');
        await stopped;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
