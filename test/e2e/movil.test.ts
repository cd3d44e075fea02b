// The console on a 390 px phone. The lists are card lists, not tables. Then a
// sweep, for every demo account, of every route its role opens (roles.ts ROUTES), with a record
// and new, and of every tab on each: none may scroll sideways, cut something off past the screen's
// edge, or cover a control. axe judges here the screens no other end-to-end file judges.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { canOpen, deriveFlags, ROUTES, sidebarLinks, type Flags, type RoleSubject } from '../../common/roles';
import { LayoutPage } from './pages/LayoutPage';
import { LoginPage } from './pages/LoginPage';
import { expectAccessible } from './support/axe';
import { layoutProblems, PHONE, settle } from './support/phone';
import { setupQuipu } from './support/quipu';

const quipu = setupQuipu();

async function phoneSignedInAs(usuario: string): Promise<Page> {
  const page = await quipu.newPage();
  // The sign-in waits for the sidebar, which a phone shows only on demand: sign in wide, then narrow.
  await new LoginPage(page, quipu.server.url).signInAndWait(usuario);
  await page.setViewportSize(PHONE);
  return page;
}

async function expectCardList(page: Page, path: string, name: string, firstCard: string | RegExp) {
  await page.goto(`${quipu.server.url}${path}`);
  await page.getByRole('list', { name }).getByText(firstCard).first().waitFor();
  expect(await page.getByRole('table').count(), `${path} sin tabla`).toBe(0);
  const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? Infinity);
  expect(scrollWidth, `${path} no se desplaza de lado`).toBeLessThanOrEqual(390);
  await expectAccessible(page, `${path} a 390 px`);
}

describe('Listas a 390 px', () => {
  it('usuarios, empresas y auditoría son tarjetas, sin desplazamiento lateral y sin fallos de axe', async () => {
    const page = await phoneSignedInAs('admin@quipu.test');
    await expectCardList(page, '/usuarios', 'Usuarios', /@/);
    await expectCardList(page, '/empresas', 'Empresas', 'Demo Internacional');
    await expectCardList(page, '/auditoria', 'Auditoría', /@/);
  });

  it('una tarjeta de usuario abre /usuario/{id}, que tampoco se desplaza de lado', async () => {
    const page = await phoneSignedInAs('compania@quipu.test');
    await page.goto(`${quipu.server.url}/usuarios`);
    await page.getByRole('list', { name: 'Usuarios' }).getByText(/@/).first().click();
    await page.waitForURL(/\/usuario\/[^/]+$/);
    await page.getByText('DATOS GENERALES').waitFor();
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? Infinity)).toBeLessThanOrEqual(390);
    await expectAccessible(page, '/usuario/{id} a 390 px');
  });
});

describe('La consola al angostar la ventana', () => {
  it('pasar de 1280 a 390 px con la sesión abierta deja la página a la vista de los lectores de pantalla y desplazable, y el menú se abre con su botón', async () => {
    const page = await quipu.newPage();
    await new LoginPage(page, quipu.server.url).signInAndWait('compania@quipu.test');
    // '/' is the dashboard: the bot list is one click away.
    await page.goto(`${quipu.server.url}/bot`);
    await page.getByRole('navigation', { name: 'Menú principal' }).waitFor();
    await page.setViewportSize(PHONE);
    // The bot list turns into cards: the narrow layout is drawn (found by CSS, hidden or not).
    await page.locator('ul[aria-label="Bots"]').waitFor();
    await settle(page);
    expect(await page.locator('#root').getAttribute('aria-hidden'), 'la consola no queda oculta').toBeNull();
    await page.mouse.move(200, 500);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'la página se desplaza' }).toBeGreaterThan(0);
    // Back at the top, where the bar that hides while scrolling down shows again.
    await page.mouse.wheel(0, -600);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await new LayoutPage(page).sidebar().getByRole('menuitem', { name: 'Usuarios' }).waitFor();
  });
});

// The demo accounts (README) with what their role and user flags are.
const ACCOUNTS: Array<{ usuario: string; subject: RoleSubject }> = [
  { usuario: 'admin@quipu.test', subject: { rol: 'ROLE_ADMIN' } },
  { usuario: 'compania@quipu.test', subject: { rol: 'ROLE_COMPANIA' } },
  { usuario: 'usuarios@quipu.test', subject: { rol: 'ROLE_ADMINUSER' } },
  { usuario: 'usuario@quipu.test', subject: { rol: 'ROLE_USER', pmHist: true, showChannels: true } },
  { usuario: 'dashboard@quipu.test', subject: { rol: 'ROLE_DASHBOARD' } },
  { usuario: 'historial@quipu.test', subject: { rol: 'ROLE_HISTORIAL' } },
  { usuario: 'supervisor@quipu.test', subject: { rol: 'ROLE_SUPERVISOR' } },
];

// The bot whose editor and skills have the most on them, and skills with actions of every kind,
// a requirement and memory.
const BOT = 'Asistente Quipu';
const SKILLS = ['Precios y planes', 'Estado de pedido', 'Mi nombre'];

// Screens whose accessibility no other end-to-end file judges; judged once here, at 390 px.
const AXE_HERE = new Set([
  '/dashboard',
  '/historial',
  '/empresa/new',
  '/canal/slack/{id}',
  '/canal/whatsapp/{id}',
  '/canal/whatsapp/new',
  '/canal/msft/new',
  '/canal/google/new',
  '/bot/{id} · Entidades',
  '/skill/{id} · Requerimientos',
  '/skill/{id} · Memoria',
]);

interface Sweep {
  page: Page;
  problems: string[];
  judged: Set<string>;
  /** The links each list screen has, read once per account. */
  lists: Map<string, Array<{ href: string; text: string }>>;
}

/** The problems of the screen as it is now, under the name `where`; axe too when no other file judges it. */
async function check(sweep: Sweep, where: string, shape: string): Promise<void> {
  await settle(sweep.page);
  for (const problem of await layoutProblems(sweep.page)) sweep.problems.push(`${where}: ${problem}`);
  if (AXE_HERE.has(shape) && !sweep.judged.has(shape)) {
    sweep.judged.add(shape);
    // A tooltip left by the focus or pointer of the tap that led here is not the screen's: let it go first.
    await sweep.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await sweep.page.mouse.move(195, 600);
    await sweep.page.waitForFunction(() => !document.querySelector('.MuiTooltip-popper'), undefined, { timeout: 5000 }).catch(() => undefined);
    await expectAccessible(sweep.page, `${where} a 390 px`);
  }
}

/** Every other tab of the screen (and the tabs inside a tab), each opened and checked once. */
async function checkTabs(sweep: Sweep, where: string, shape: string): Promise<void> {
  const { page } = sweep;
  const tabs = page.getByRole('tab');
  const names = () =>
    tabs.evaluateAll((all) => all.map((t) => ({ name: t.checkVisibility() ? (t.textContent ?? '').trim() : '', selected: t.getAttribute('aria-selected') === 'true' })));
  // The tabs open on arrival were checked with the screen.
  const seen = new Set((await names()).filter((t) => t.selected).map((t) => t.name));
  for (;;) {
    const shown = (await names()).map((t) => t.name);
    const next = shown.findIndex((name) => name && !seen.has(name));
    if (next < 0) return;
    const name = shown[next];
    seen.add(name);
    await tabs.nth(next).click();
    await check(sweep, `${where} · ${name}`, `${shape} · ${name}`);
  }
}

/** The links on a list screen whose path matches, e.g. '/usuario/new', '/usuario/5'. */
async function linksOn(sweep: Sweep, path: string, pattern: RegExp): Promise<Array<{ href: string; text: string }>> {
  let links = sweep.lists.get(path);
  if (!links) {
    await sweep.page.goto(`${quipu.server.url}${path}`);
    await settle(sweep.page);
    links = await sweep.page.locator('a[href]').evaluateAll((all) => all.map((a) => ({ href: a.getAttribute('href') ?? '', text: (a.textContent ?? '').trim() })));
    sweep.lists.set(path, links);
  }
  return links.filter((link) => pattern.test(link.href));
}

/** The screens a route pattern stands for: itself, or 'new' and a record of the demo data. */
async function screensOf(sweep: Sweep, pattern: string): Promise<string[]> {
  const { page } = sweep;
  const form = /^(.*)\/:id$/.exec(pattern)?.[1];
  if (!form) return [pattern];
  if (form === '/skill') {
    const bot = (await linksOn(sweep, '/bot', /^\/bot\/(?!new$)/)).find((link) => link.text.includes(BOT));
    if (!bot) return [];
    await page.goto(`${quipu.server.url}${bot.href}`);
    await page.locator('.react-flow__node').first().waitFor();
    const ids = await page
      .locator('.react-flow__node')
      .evaluateAll((nodes, wanted) => nodes.filter((n) => wanted.includes(n.querySelector('.quipu-skill__name')?.textContent ?? '')).map((n) => n.getAttribute('data-id')), SKILLS);
    return ids.map((id) => `/skill/${id}`);
  }
  const list = form.startsWith('/canal/') ? '/canal' : { '/usuario': '/usuarios', '/empresa': '/empresas', '/bot': '/bot' }[form];
  const screens = [`${form}/new`];
  if (!list) return screens;
  const records = await linksOn(sweep, list, new RegExp(`^${form}/(?!new$)[^/]+$`));
  // The bot's record is the demo assistant when the list has it.
  const record = records.find((link) => form === '/bot' && link.text.includes(BOT)) ?? records[0];
  return record ? [...screens, record.href] : screens;
}

/** Opens a path as the console's own links do, without loading the page again. */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    window.scrollTo(0, 0);
    // As on a page just loaded, nothing keeps the focus (the menu's button kept it pulsing).
    (document.activeElement as HTMLElement | null)?.blur();
  }, path);
  await page.waitForURL((url) => url.pathname === path);
}

/** The name of a screen of `pattern`: '/usuario/{id}' for a record, '/usuario/new' for a new one. */
const shapeOf = (pattern: string, path: string) => pattern.replace(':id', path.endsWith('/new') ? 'new' : '{id}');

async function sweepAccount(usuario: string, flags: Flags): Promise<string[]> {
  const page = await phoneSignedInAs(usuario);
  const sweep: Sweep = { page, problems: [], judged: new Set(), lists: new Map() };

  // The menu, opened as a phone opens it: the role's links, none covered.
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const expected = sidebarLinks(flags).length;
  await expect.poll(async () => (await new LayoutPage(page).sidebarLinks()).length, { message: `${usuario}: enlaces del menú` }).toBe(expected);
  await check(sweep, 'el menú abierto', 'menú');
  await page.keyboard.press('Escape');

  for (const route of ROUTES.filter((r) => canOpen(r.check, flags))) {
    for (const path of await screensOf(sweep, route.path)) {
      await openInApp(page, path);
      const shape = shapeOf(route.path, path);
      await check(sweep, path === shape ? path : `${shape} (${path})`, shape);
      await checkTabs(sweep, shape, shape);
    }
  }
  return sweep.problems;
}

describe('Cada pantalla a 390 px, por cuenta de demostración', () => {
  for (const { usuario, subject } of ACCOUNTS) {
    it(`${usuario}: ninguna ruta ni pestaña se desplaza de lado, se sale de la pantalla o tapa un control`, async () => {
      const problems = await sweepAccount(usuario, deriveFlags(subject));
      expect(problems).toEqual([]);
    });
  }
});
