// GET /public/about: the build the console was made from, read from about.json in the console folder.
import fs from 'node:fs/promises';
import path from 'node:path';
import { AboutInfo } from '../../../common/schemas/about';
import type { App } from '../types';

export const ABOUT_DEFAULTS = { branch: 'desconocida', commitId: 'desconocido', commitTime: null as string | null };

export async function readAbout(consoleDir: string | undefined): Promise<typeof ABOUT_DEFAULTS> {
  if (!consoleDir) return { ...ABOUT_DEFAULTS };
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(await fs.readFile(path.join(consoleDir, 'about.json'), 'utf8'));
  } catch {
    return { ...ABOUT_DEFAULTS };
  }
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
  return {
    branch: text(parsed.branch) ?? ABOUT_DEFAULTS.branch,
    commitId: text(parsed.commitId) ?? ABOUT_DEFAULTS.commitId,
    commitTime: text(parsed.commitTime) ?? ABOUT_DEFAULTS.commitTime,
  };
}

export async function aboutRoutes(app: App): Promise<void> {
  app.get(
    '/public/about',
    {
      schema: {
        tags: ['Acerca de'], operationId: 'getAbout',
        summary: 'Rama, commit y fecha del commit de esta versión',
        response: { 200: AboutInfo },
      },
    },
    async () => readAbout(app.config.consoleDir),
  );
}
