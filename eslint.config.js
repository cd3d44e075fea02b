import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';

export default tseslint.config(
  // The architecture test's fixture trees break the import rules on purpose.
  { ignores: ['dist', 'data', 'node_modules', 'coverage', 'test/server/fixtures/arquitectura'] },
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
    // One direction for imports: common/ (what the console and the server share) imports neither
    // side, the console and the server never import each other, schemas import nothing but other
    // schemas, services never import routes, and a route never imports another route.
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      // Every import inside the project is relative, so node's resolution with the TypeScript
      // extensions finds each file.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    // Import circles, type-only imports included, are dependency-cruiser's to find
    // (.dependency-cruiser.cjs): it walks the graph once, where import/no-cycle walked it per file.
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './common', from: ['./src', './server'], message: 'common/ es lo que comparten la consola y el servidor: no importa de ninguno de los dos.' },
            { target: './common/schemas', from: './common', except: ['./schemas'], message: 'Los esquemas solo importan typebox y otros esquemas.' },
            { target: './src', from: './server', message: 'La consola no importa del servidor: lo compartido va en common/.' },
            { target: './server', from: './src', message: 'El servidor no importa de la consola: lo compartido va en common/.' },
            { target: './server/src/services', from: './server/src/routes', message: 'Un servicio no importa rutas: importe el esquema de common/schemas.' },
            { target: './server/src/routes/!(index).ts', from: './server/src/routes', message: 'Una ruta no importa otra ruta: lo compartido va en common/schemas o en un servicio.' },
          ],
        },
      ],
    },
  },
  {
    // The console asks in its own dialogs, never with the browser's alert, confirm or prompt.
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-alert': 'error' },
  },
  {
    // Below 600 px react-admin's Button shows only its children (its icon): one without any is an
    // empty box on a phone. A button with text alone is a TextButton (src/layout/TextButton.tsx).
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='Button'][selfClosing=true]",
          message: 'Un Button sin ícono queda como una caja vacía en un teléfono: use TextButton.',
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
