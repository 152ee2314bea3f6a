// Development: the API with reload on change (tsx watch) and the web app with hot reload (Vite),
// which forwards /api, /media and /accounts to the API. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const processes = [
  spawn('npm', ['run', 'dev', '-w', '@portal/server'], {
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@portal/web'], { stdio: 'inherit' }),
];
const stop = () => processes.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of processes) child.on('exit', (code) => code && stop());
