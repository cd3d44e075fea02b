// Console build. It also writes about.json (branch, commit id and commit time from git), which
// the server serves at GET /public/about.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}

function aboutJson(): Plugin {
  return {
    name: 'quipu-about',
    apply: 'build',
    generateBundle() {
      const about = {
        branch: process.env.QUIPU_BRANCH || git(['rev-parse', '--abbrev-ref', 'HEAD']) || 'desconocida',
        commitId: process.env.QUIPU_COMMIT || git(['rev-parse', 'HEAD']) || 'desconocido',
        commitTime: process.env.QUIPU_COMMIT_TIME || git(['log', '-1', '--format=%cI']) || null,
      };
      this.emitFile({ type: 'asset', fileName: 'about.json', source: JSON.stringify(about, null, 2) });
    },
  };
}

/**
 * The web chat widget is its own build (vite.widget.config.ts), run once the console's is written,
 * into the console's own output folder (a build with --outDir elsewhere carries its widget there).
 */
function webchatWidget(): Plugin {
  let outDir = 'dist';
  return {
    name: 'quipu-webchat-widget',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await build({ configFile: 'vite.widget.config.ts', logLevel: 'warn', build: { outDir: path.join(outDir, 'webchat') } });
    },
  };
}

export default defineConfig({
  base: process.env.BASE_PATH || '/',
  plugins: [react(), aboutJson(), webchatWidget()],
  // The console calls the API base the server is started with.
  // The manual's address (MANUAL_URL) shows the help links; unset hides them.
  define: {
    // The footer's copyright year is the build's.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
    ...(process.env.API_BASE ? { 'import.meta.env.VITE_API_BASE': JSON.stringify(process.env.API_BASE) } : {}),
    ...(process.env.MANUAL_URL ? { 'import.meta.env.VITE_MANUAL_URL': JSON.stringify(process.env.MANUAL_URL) } : {}),
  },
  // Workers are ES modules, which every browser the build targets runs. As IIFE scripts (Vite's
  // default), a worker whose module keeps an export (elkjs's, for Node) makes the build warn that
  // the bundle has no global name: a name nothing in the worker would read.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    port: 5173,
    // ws: the test chat's STOMP connection (/api/ws) goes through the same proxy.
    proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true } },
  },
});
