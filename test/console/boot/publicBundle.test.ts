// The login page must not pay for react-admin: nothing main.tsx imports statically
// may reach react-admin, ra-* or react-router; the admin app and the captcha are lazy chunks.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '../../../src');
const FORBIDDEN = /^(react-admin|ra-[\w-]+|react-router(-dom)?|altcha)(\/|$)/;

function resolveLocal(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((file) => existsSync(file) && file.match(/\.tsx?$/)) ?? null;
}

/** Static value imports (`import x from`, `export … from`, `import '…'`); `import type` is erased and `import('…')` is a lazy chunk. */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/^\s*(import|export)(\s+type)?\s[^;]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'/gm)]
    .filter((match) => !match[2])
    .map((match) => match[3] ?? match[4]);
}

function publicGraph(entry: string) {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      if (!specifier.startsWith('.')) packages.set(specifier, file.slice(SRC.length + 1));
      else {
        const target = resolveLocal(file, specifier);
        if (target) visit(target);
      }
    }
  };
  visit(entry);
  return { files: [...seen].map((file) => file.slice(SRC.length + 1)), packages };
}

describe('paquete de la página de ingreso', () => {
  const { files, packages } = publicGraph(resolve(SRC, 'main.tsx'));

  it('no importa react-admin, ra-*, react-router ni altcha de forma estática', () => {
    const offending = [...packages].filter(([name]) => FORBIDDEN.test(name)).map(([name, file]) => `${file} → ${name}`);
    expect(offending).toEqual([]);
  });

  it('el detector sí ve react-admin en el grafo de App', () => {
    expect([...publicGraph(resolve(SRC, 'App.tsx')).packages.keys()]).toContain('react-admin');
  });

  it('deja App y el captcha fuera del grafo estático', () => {
    expect(files).toContain('auth/Login.tsx');
    expect(files).not.toContain('App.tsx');
    expect(files).not.toContain('auth/CaptchaWidget.tsx');
  });
});
