import { spawn } from 'node:child_process';

/** Dev mode: the server with restart-on-change on 3000 and Vite with hot reload on 5173 (proxying /api). */
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_URL: 'http://localhost:5173' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = (): void => children.forEach((c) => c.kill('SIGTERM'));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
console.log('Open http://localhost:5173 (API on http://localhost:3000).');
