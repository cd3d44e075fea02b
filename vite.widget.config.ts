// The web chat widget's build: one self-contained script, webchat/quipu-webchat.js in the console's
// folder, that customers' pages load with the embed snippet. Run by vite.config.ts after the
// console's build (so `vite build`, `npm run build` and `npm start` build both).
import { defineConfig } from 'vite';

export default defineConfig({
  // No public/ copy and no index.html: only the script.
  publicDir: false,
  define: {
    'import.meta.env.VITE_API_BASE': JSON.stringify(process.env.API_BASE || '/api'),
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist/webchat',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2020',
    lib: { entry: 'src/widget/main.tsx', formats: ['iife'], name: 'QuipuWebchat', fileName: () => 'quipu-webchat.js' },
  },
});
