// `npm run dev`: the API server with reload on change, and Vite's dev server for the console.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { checkNode, ensureInstalled, root } from './lib.mjs';

checkNode();
ensureInstalled();
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', 'server/src/main.ts'], { cwd: root, stdio: 'inherit', env: { CONSOLE_DIR: '', ...process.env } }),
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
