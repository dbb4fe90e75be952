/**
 * `npm run dev`: the API server on :8080 (restarted on change) and Vite on :5173 with hot
 * reload; Vite forwards /api and the /auth API calls to the server. Ctrl+C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [
  spawn(process.execPath, ['--watch-path=server', '--watch-path=src/contract', 'server/main.ts'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', LOG_LEVEL: 'info', ...process.env },
  }),
  spawn('vite', ['--port', process.env.VITE_PORT ?? '5173'], { stdio: 'inherit', env: process.env }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
