// Builds the web chat widget (vite.widget.config.ts) and prints the raw and gzip size of
// webchat/quipu-webchat.js, what a customer's page downloads, with the share of each part.
// Budget: ≤ 40 KB gzip. Run: npx tsx bench/widget-size.ts
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, type Rollup } from 'vite';
// @ts-expect-error plain ES module without types
import { root } from '../scripts/lib.mjs';

const BUDGET_GZIP = 40 * 1024;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const result = await build({ root, configFile: path.join(root, 'vite.widget.config.ts'), logLevel: 'warn' });
const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
const chunk = outputs.flatMap((o) => o.output).find((o): o is Rollup.OutputChunk => o.type === 'chunk');

const file = fs.readFileSync(path.join(root, 'dist', 'webchat', 'quipu-webchat.js'));
const gzip = zlib.gzipSync(file, { level: 9 }).length;
console.log(`webchat/quipu-webchat.js: ${kb(file.length)} raw, ${kb(gzip)} gzip (presupuesto ${kb(BUDGET_GZIP)} gzip: ${gzip <= BUDGET_GZIP ? 'dentro' : 'EXCEDIDO'})`);

// Which part of the code each package is, by its length in the bundle before minifying.
if (chunk) {
  const parts = new Map<string, number>();
  for (const [id, info] of Object.entries(chunk.modules)) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1] ?? (id.includes('/common/') ? 'compartido (common/)' : 'widget (src/widget)');
    parts.set(pkg, (parts.get(pkg) ?? 0) + info.renderedLength);
  }
  const total = [...parts.values()].reduce((a, b) => a + b, 0) || 1;
  for (const [pkg, length] of [...parts].sort((a, b) => b[1] - a[1])) console.log(`  ${pkg.padEnd(24)} ${((100 * length) / total).toFixed(0).padStart(3)} %`);
}
console.log('Referencia (gzip, widgets de otros productos): Typebot embed 0.10.7: 192 KB; Botpress webchat 4.5.2: 228 KB; n8n chat 1.37: 444 KB.');
