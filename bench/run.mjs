// `npm run bench`: every benchmark, one after the other. Each prints figures; none passes or fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const only = process.argv[2];
const benches = fs.readdirSync(here).filter((f) => f.endsWith('.ts') && (!only || f.startsWith(only)));
for (const bench of benches) {
  console.log(`\n=== ${bench} ===`);
  spawnSync(path.join(here, '..', 'node_modules', '.bin', 'tsx'), [path.join(here, bench)], { stdio: 'inherit' });
}
