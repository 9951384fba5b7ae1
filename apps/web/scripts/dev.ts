import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuilt, WEB_DIR } from './build.ts';

/**
 * `pnpm dev`: the API (embedded topology, on PORT or 3000) and Vite's dev server with hot reload on
 * WEB_DEV_PORT (5173), which proxies the API's paths to it. Open http://localhost:5173/app/.
 */
const repo = path.resolve(WEB_DIR, '../..');
// The API serves the signing page's script from the build (and will not start without it); Vite serves the app.
ensureWebBuilt((line) => process.stderr.write(`${line}\n`));
const apiPort = process.env.PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: repo,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn(process.execPath, [path.join(WEB_DIR, 'node_modules/vite/bin/vite.js')], {
    cwd: WEB_DIR,
    stdio: 'inherit',
    env: { ...process.env, COUNTERSIGN_API_URL: `http://127.0.0.1:${apiPort}` },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
