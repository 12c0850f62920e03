/**
 * `npm run dev`: the API server (tsx watch, restarts on server changes) and Vite's dev server with hot
 * reload, together. Vite proxies /api, /downloads and /healthz to the API (vite.config.ts), so the app
 * runs on one origin as in production. Ctrl-C stops both; if either exits, the other is stopped too.
 * PORT (default 8080) is the API's port; VITE_PORT (default 5173) the one to open in the browser.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const bin = (name: string) => `node_modules/.bin/${name}`;
const env = { ...process.env, PORT: process.env.PORT ?? '8080' };

const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', '--include', 'src/generated/openapi.portal.json', 'src/server/main.ts'], {
    stdio: 'inherit',
    env,
  }),
  spawn(bin('vite'), [], { stdio: 'inherit', env }),
];

let stopping = false;
function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
}

for (const child of children) {
  child.on('exit', (code) => {
    if (!stopping) console.error(`dev: ${child.spawnargs.slice(0, 2).join(' ')} exited (${code}); stopping`);
    stop(code ?? 1);
    if (children.every((other) => other.exitCode !== null || other.signalCode !== null)) process.exit(code ?? 0);
  });
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
console.log(`dev: API on http://127.0.0.1:${env.PORT}, app on http://localhost:${process.env.VITE_PORT ?? 5173}`);
