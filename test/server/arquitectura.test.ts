// The architecture rules of .dependency-cruiser.cjs, run with dependency-cruiser's API on small
// trees under fixtures/arquitectura: each rule refuses its bad import, and a tree that keeps every
// direction passes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = path.join(root, 'test/server/fixtures/arquitectura');

/** The rules each violation of the fixture tree `caso` breaks, with the import that breaks it. */
async function violations(caso: string, options: { tsPreCompilationDeps?: boolean } = {}): Promise<Array<{ rule: string; from: string; to: string }>> {
  const config = (await extractDepcruiseConfig(path.join(root, '.dependency-cruiser.cjs'))) as IConfiguration;
  const baseDir = path.join(fixtures, caso);
  const dirs = ['common', 'src', 'server'].filter((dir) => fs.existsSync(path.join(baseDir, dir)));
  const result = await cruise(dirs, { ...config.options, ...options, ruleSet: config, validate: true, baseDir });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

describe('reglas de arquitectura', () => {
  it('un árbol que respeta las capas pasa', async () => {
    expect(await violations('bueno')).toEqual([]);
  });

  it.each([
    ['common-importa-servidor', 'common-no-importa-lados', 'common/roles.ts', 'server/src/types.ts'],
    ['consola-importa-servidor', 'consola-no-importa-servidor', 'src/menu.ts', 'server/src/types.ts'],
    ['servidor-importa-consola', 'servidor-no-importa-consola', 'server/src/types.ts', 'src/menu.ts'],
    ['plugin-importa-servicio', 'infraestructura-no-sube', 'server/src/plugins/session.ts', 'server/src/services/sesiones.ts'],
    ['realtime-importa-conversacion', 'infraestructura-no-sube', 'server/src/realtime/broker.ts', 'server/src/conversation/engine.ts'],
    ['trabajo-importa-servicio', 'infraestructura-no-sube', 'server/src/jobs/runner.ts', 'server/src/services/informes.ts'],
    ['realtime-importa-canal', 'infraestructura-no-sube', 'server/src/realtime/broker.ts', 'server/src/channels/answer.ts'],
    ['registro-importa-servicio', 'capas-inferiores-no-suben', 'server/src/logging.ts', 'server/src/services/auditoria.ts'],
    ['motor-importa-servicio', 'capas-inferiores-no-suben', 'server/src/engine/runtime.ts', 'server/src/services/bots.ts'],
    ['servicio-importa-ruta', 'servicios-no-importan-rutas', 'server/src/services/bots.ts', 'server/src/routes/bots.ts'],
    ['servicio-importa-arranque', 'servicios-no-importan-rutas', 'server/src/services/bots.ts', 'server/src/app.ts'],
    ['ruta-importa-ruta', 'ruta-no-importa-ruta', 'server/src/routes/bots.ts', 'server/src/routes/canales.ts'],
    ['servicio-importa-conversacion', 'servicios-no-importan-conversacion', 'server/src/services/pruebas.ts', 'server/src/conversation/turn.ts'],
    ['api-importa-permisos', 'consola-datos-no-suben', 'src/api/client.ts', 'src/permissions/useFlags.ts'],
    ['permisos-importa-pagina', 'consola-permisos-no-suben', 'src/permissions/guard.ts', 'src/pages/sinAcceso.ts'],
    ['marco-importa-aplicacion', 'consola-marco-no-sube', 'src/layout/menu.ts', 'src/boot/boot.ts'],
    ['pagina-importa-recurso', 'consola-paginas-no-suben', 'src/pages/cuenta.ts', 'src/resources/empresas.ts'],
    ['enrutado-importa-recurso', 'consola-enrutado-no-sube', 'src/routing/guarded.ts', 'src/resources/bots.ts'],
    ['recurso-importa-aplicacion', 'consola-recursos-no-suben', 'src/resources/bots.ts', 'src/boot/boot.ts'],
  ])('%s: la regla %s lo rechaza', async (caso, rule, from, to) => {
    expect(await violations(caso)).toEqual([{ rule, from, to }]);
  });

  it('un ciclo hecho solo de imports de tipos también se rechaza', async () => {
    const found = await violations('ciclo-de-tipos');
    expect(found.map((v) => v.rule)).toEqual(['sin-ciclos']);
    expect([found[0].from, found[0].to].sort()).toEqual(['server/src/services/bots.ts', 'server/src/services/chat.ts']);
    // Only because type-only imports count: without them the same tree has no cycle.
    expect(await violations('ciclo-de-tipos', { tsPreCompilationDeps: false })).toEqual([]);
  });
});
