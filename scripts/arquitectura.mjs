// Three figures of the code's architecture, for the tree at the given root (this project by
// default): the import cycles (each with its files), the imports that run back up a layer, and
// the files over 300 lines in server/src, src and common. Type-only imports count.
//   node scripts/arquitectura.mjs [raíz] [--detalle]
// --detalle also lists every import that runs back up a layer.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const detail = args.includes('--detalle');
const root = path.resolve(args.find((a) => !a.startsWith('--')) ?? here);
const MAX_LINES = 300;

/**
 * The layers of each tree, lowest first: an import from a layer to a higher one of the same tree
 * runs back up (an import from one tree into the other is refused by .dependency-cruiser.cjs).
 * common/ is the lowest layer of both.
 *
 * The server: routes, the demo seed → the conversation and the channel adapters (which pass
 * messages through it) → services → plugins, realtime, jobs → config, logging, db, engine, net, auth →
 * types, errors, secrets, common. The conversation calls the services (bots, companies), never
 * the other way round: what a service needs of a turn (services/bots/turnContext.ts) is a service.
 *
 * The console: main, boot, App and its route table (routes.tsx) → resources → routing (the
 * forms' paths, the route guard) → pages and the signed-out screens (auth/) → layout (the frame
 * and the views shared by pages and resources) → permissions (hooks on the session) → api, i18n,
 * the widget's bundle → common. Resources sit above pages because they reuse the pages' models
 * (channels, history, dashboard); a view both use (the chat message, the chip list) sits in
 * layout/, and what the layout needs from above is handed to it (App gives the menu isBuilt).
 */
const SERVER_LAYERS = [
  ['base', /^(common\/|server\/src\/(schemas\/|types\.ts$|errors\.ts$|secrets\.ts$))/],
  ['almacenes', /^server\/src\/(db\/|engine\/|net\/|auth\/|config\.ts$|logging\.ts$)/],
  ['infraestructura', /^server\/src\/(plugins|realtime|jobs)\//],
  ['servicios', /^server\/src\/services\//],
  ['conversación', /^server\/src\/(conversation|channels)\//],
  ['rutas', /^server\/src\/(routes\/|seed\/|app\.ts$|main\.ts$)/],
];
const CONSOLE_LAYERS = [
  ['común', /^common\//],
  ['datos', /^src\/(api|i18n|widget)\//],
  ['permisos', /^src\/permissions\//],
  ['marco', /^src\/layout\//],
  ['páginas', /^src\/(pages|auth)\//],
  ['enrutado', /^src\/routing\//],
  ['recursos', /^src\/resources\//],
  ['aplicación', /^src\/(boot\/|routes\.tsx$|App\.tsx$|main\.tsx$)/],
];

/** The layers of the tree `file` belongs to: the console's for src/, the server's otherwise. */
const layersOf = (file) => (file.startsWith('src/') ? CONSOLE_LAYERS : SERVER_LAYERS);

function layerOf(layers, file) {
  const at = layers.findIndex(([, pattern]) => pattern.test(file));
  return at < 0 ? undefined : at;
}

/** The import graph of common, src and server under root (files relative to root). */
async function importGraph() {
  const config = createRequire(import.meta.url)(path.join(here, '.dependency-cruiser.cjs'));
  const dirs = ['common', 'src', 'server'].filter((dir) => fs.existsSync(path.join(root, dir)));
  const result = await cruise(dirs, { ...config.options, baseDir: root, validate: false });
  const graph = new Map();
  for (const m of result.output.modules) {
    if (m.coreModule || m.couldNotResolve || /(^|\/)node_modules\//.test(m.source)) continue;
    const local = m.dependencies.filter((d) => d.resolved && !d.coreModule && !d.couldNotResolve && !/(^|\/)node_modules\//.test(d.resolved));
    graph.set(m.source, [...new Set(local.map((d) => d.resolved))]);
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one file (or a file importing itself). */
function cycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  function visit(v) {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

function upwardImports(graph) {
  const up = [];
  for (const [from, tos] of graph) {
    const layers = layersOf(from);
    const a = layerOf(layers, from);
    for (const to of tos) {
      const b = layerOf(layers, to);
      if (a !== undefined && b !== undefined && b > a) up.push(`${from} (${layers[a][0]}) → ${to} (${layers[b][0]})`);
    }
  }
  return up.sort();
}

function longFiles() {
  const long = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (/\.(ts|tsx|js|mjs)$/.test(entry.name)) {
        const lines = fs.readFileSync(path.join(root, rel), 'utf8').split('\n');
        const count = lines.at(-1) === '' ? lines.length - 1 : lines.length;
        if (count > MAX_LINES) long.push(`${rel} (${count})`);
      }
    }
  };
  for (const dir of ['server/src', 'src', 'common']) if (fs.existsSync(path.join(root, dir))) walk(dir);
  return long.sort();
}

const graph = await importGraph();
const found = cycles(graph);
const up = upwardImports(graph);
const long = longFiles();

console.log(`Raíz: ${root} (${graph.size} archivos)`);
console.log(`Ciclos de imports: ${found.length}`);
found.forEach((files, i) => console.log(`  ${i + 1}. ${files.length} archivos: ${files.join(', ')}`));
const upIn = (tree) => up.filter((line) => line.startsWith(tree)).length;
console.log(`Imports que suben de capa: ${up.length} (server/src ${upIn('server/src/')}, src ${upIn('src/')}, common ${upIn('common/')})`);
if (detail) for (const line of up) console.log(`  ${line}`);
console.log(`Archivos de más de ${MAX_LINES} líneas en server/src, src y common: ${long.length}`);
if (detail) for (const line of long) console.log(`  ${line}`);
