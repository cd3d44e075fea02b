// `npm start`: install what is missing, build the console, then serve it with the API
// (the server migrates the database and seeds the demo data on its first run).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { checkNode, ensureBuilt, ensureInstalled, root } from './lib.mjs';

checkNode();
ensureInstalled();
ensureBuilt();

console.log('Iniciando el servidor...');
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'src', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
