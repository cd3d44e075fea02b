import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // One direction for imports (DESIGN.md, Server): schemas import nothing of the server but
    // other schemas, services never import routes, a route never imports another route, and the
    // console takes nothing from the server but its schemas.
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      // Every import inside the project is relative, so node's resolution with the TypeScript
      // extensions finds each file.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'import/no-cycle': 'error',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './server/src/schemas', from: ['./server/src', './src'], except: ['./schemas'], message: 'Los esquemas solo importan typebox y otros esquemas.' },
            { target: './server/src/services', from: './server/src/routes', message: 'Un servicio no importa rutas: importe el esquema de server/src/schemas.' },
            { target: './server/src/routes/!(index).ts', from: './server/src/routes', message: 'Una ruta no importa otra ruta: lo compartido va en server/src/schemas o en un servicio.' },
            { target: './src', from: './server', except: ['./src/schemas'], message: 'La consola solo importa de server/src/schemas.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
