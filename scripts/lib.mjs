// Steps shared by `npm start` and `npm test`: install what is missing, build the console when
// its sources changed. Only Node built-ins here, since node_modules may not exist yet.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Seconds since `started`, as the start-up lines print them. */
export function elapsed(started) {
  return `${((Date.now() - started) / 1000).toFixed(1)} s`;
}

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Quipu necesita Node 20.19 o superior (este es ${process.versions.node}).`);
    process.exit(1);
  }
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Newest modification time of the files under the given paths. */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
    else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return latest;
}

export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (mtime(marker) >= mtime(path.join(root, 'package-lock.json')) && mtime(marker) >= mtime(path.join(root, 'package.json'))) return;
  console.log('Instalando dependencias (npm install; la primera vez tarda varios minutos, y better-sqlite3 se compila si no hay binario para esta plataforma)...');
  const started = Date.now();
  // Install scripts in the foreground: a compile of better-sqlite3 shows its progress instead of minutes of silence.
  const status = run(npm, ['install', '--no-audit', '--no-fund', '--foreground-scripts']);
  if (status !== 0) process.exit(status);
  console.log(`Dependencias instaladas (${elapsed(started)}).`);
}

function headCommit() {
  const result = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

export function ensureBuilt({ force = false } = {}) {
  const built = mtime(path.join(root, 'dist', 'index.html'));
  const sources = newest(['src', 'common', 'public', 'index.html', 'vite.config.ts', 'vite.widget.config.ts', 'package-lock.json']);
  let stale = force || built === 0 || sources > built;
  if (!stale) {
    try {
      const about = JSON.parse(fs.readFileSync(path.join(root, 'dist', 'about.json'), 'utf8'));
      const head = headCommit();
      stale = head !== null && about.commitId !== head;
    } catch {
      stale = true;
    }
  }
  if (!stale) return;
  console.log('Construyendo la consola (vite build)...');
  const started = Date.now();
  const status = run(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn']);
  if (status !== 0) process.exit(status);
  console.log(`Consola construida (${elapsed(started)}).`);
}
