// The sweep of support/sweep.ts at 1366 px, for every demo account: every route its role opens,
// every tab and the dialogs of the main buttons, with no console error, unlabelled button, dialog
// wider than the screen, axe violation, sideways scroll, thing cut off past the screen's edge or
// covered control. First, that the sweep's own checks find what they look for.
import { describe, expect, it } from 'vitest';
import { setupQuipu } from './support/quipu';
import { buttonProblems, dialogProblems, watchConsole } from './support/screenProblems';
import { ACCOUNTS, DESKTOP, screenSweep } from './support/sweep';

const quipu = setupQuipu();
const sweep = screenSweep(quipu, DESKTOP);

// A page with one of each thing the checks look for, beside things that pass.
const ORIGIN = 'http://prueba.test';
const PAGE = `<!doctype html><html lang="es"><head><title>Prueba</title></head><body>
<button>Guardar</button>
<button aria-label="Cerrar"><svg width="16" height="16" viewBox="0 0 16 16"><path d="M0 0h16v16H0z"/></svg></button>
<button aria-label="Vacío" style="position:absolute;left:200px;top:100px;width:24px;height:24px"></button>
<button style="position:absolute;left:240px;top:100px;width:24px;height:24px"><svg width="16" height="16" viewBox="0 0 16 16"><path d="M0 0h16v16H0z"/></svg></button>
<div role="button" tabindex="0" style="position:absolute;left:280px;top:100px;width:24px;height:24px"><span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap">Solo para lectores</span></div>
<button aria-label="Escondido" style="display:none"></button>
<div aria-hidden="true"><button style="width:24px;height:24px"></button></div>
<div role="dialog" aria-label="Angosto" style="width:300px">Cabe</div>
<div role="dialog" aria-label="Ancho" style="width:500px">No cabe</div>
<div role="alertdialog" aria-label="Corrido" style="width:300px;margin-left:200px">Se sale</div>
<script>
  fetch('/falta');
  console.error('algo falló');
  setTimeout(() => { throw new Error('sin capturar'); });
</script>
</body></html>`;

describe('Las comprobaciones del barrido', () => {
  it('nombran los errores de consola (la dirección de una petición fallida), los botones sin nombre o que no muestran nada y los diálogos más anchos que la pantalla', async () => {
    const page = await quipu.newPage({ width: 390 });
    const errors = watchConsole(page, ORIGIN);
    await page.route(`${ORIGIN}/**`, (route) =>
      route.request().url().endsWith('/falta') ? route.fulfill({ status: 404, body: '' }) : route.fulfill({ contentType: 'text/html; charset=utf-8', body: PAGE }),
    );
    await page.goto(`${ORIGIN}/`);
    const logged: string[] = [];
    await expect.poll(() => logged.push(...errors.take()) && logged.length).toBe(3);
    expect(logged.sort()).toEqual([
      'error en la consola: Failed to load resource: the server responded with a status of 404 (Not Found) — /falta',
      'error en la consola: algo falló (/:13)',
      'excepción sin capturar: sin capturar',
    ]);
    expect(await buttonProblems(page)).toEqual([
      'botón que no muestra texto ni icono: <button> «Vacío» de 24×24 px en (200, 100)',
      'botón sin nombre accesible: <button> de 24×24 px en (240, 100)',
      'botón que no muestra texto ni icono: <div> «Solo para lectores» de 24×24 px en (280, 100)',
    ]);
    expect(await dialogProblems(page)).toEqual([
      'diálogo más ancho que la pantalla (8…508 px, 500 de ancho, en 390): <div> «Ancho»',
      'diálogo más ancho que la pantalla (208…508 px, 300 de ancho, en 390): <div> «Corrido»',
    ]);
  });
});

describe('Cada pantalla a 1366 px, por cuenta de demostración', () => {
  for (const { usuario, subject } of ACCOUNTS) {
    it(`${usuario}: ninguna ruta, pestaña ni diálogo tiene errores de consola, botones sin etiqueta visible, diálogos más anchos que la pantalla, fallos de axe, desplazamiento lateral, algo fuera de la pantalla ni controles tapados`, async () => {
      expect(await sweep.account(usuario, subject)).toEqual([]);
    }, 300_000);
  }

  it('las cuentas abrieron cada diálogo de la lista', () => {
    expect(sweep.untaken()).toEqual([]);
  });
});
