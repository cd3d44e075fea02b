// The console as each demo account sees it at one width: every route its role opens (roles.ts
// ROUTES, with 'new' and a record of the demo data for a route of one record), every tab on each,
// and the dialogs the main buttons of some screens open. Every screen, tab and dialog is checked
// for what a user would trip over: errors in the browser's console, buttons with no name or that
// show nothing, dialogs wider than the screen, and the layout problems of phone.ts; axe judges
// each distinct screen once per width, whichever account reaches it first.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { canOpen, deriveFlags, ROUTES, sidebarLinks, type RoleSubject } from '../../../common/roles';
import { LayoutPage } from '../pages/LayoutPage';
import { LoginPage } from '../pages/LoginPage';
import { axeViolations } from './axe';
import { layoutProblems, PHONE, settle } from './phone';
import type { Quipu } from './quipu';
import { buttonProblems, dialogProblems, watchConsole, type ConsoleWatch } from './screenProblems';

export const DESKTOP = { width: 1366, height: 800 } as const;

/** The demo accounts (README) with what their role and user flags are. */
export const ACCOUNTS: ReadonlyArray<{ usuario: string; subject: RoleSubject }> = [
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

const DIALOGS = '[role="dialog"], [role="alertdialog"]';

/**
 * Something done on a screen: opening a dialog with one of its buttons (closed again afterwards),
 * or bringing the screen to a new state (a search's results). `take` answers whether it could.
 */
interface Step {
  name: string;
  dialog: boolean;
  take: (page: Page) => Promise<boolean>;
}

/** Clicks the shown, enabled button of that name; false when there is none. */
const press =
  (name: string): Step['take'] =>
  async (page) => {
    const button = page.getByRole('button', { name, exact: true }).filter({ visible: true }).first();
    if ((await button.count()) === 0 || !(await button.isEnabled())) return false;
    await button.click();
    return true;
  };

const dialog = (name: string, take: Step['take'] = press(name)): Step => ({ name, dialog: true, take });

/** The first client's conversation, from a list of them. */
const conversation = (clients: (page: Page) => Locator): Step =>
  dialog('Conversación', async (page) => {
    const first = clients(page).getByRole('button').first();
    if (!(await first.waitFor({ timeout: 5_000 }).then(() => true, () => false))) return false;
    await first.click();
    return true;
  });

/** The dialogs (and states) reached from a screen, by the screen's name: its main buttons. */
const STEPS: Record<string, Step[]> = {
  '/dashboard': [conversation((page) => page.getByRole('list', { name: 'Sesiones' }))],
  '/historial': [
    {
      name: 'Buscar',
      dialog: false,
      take: async (page) => {
        const bot = page.getByRole('combobox', { name: 'Bot' });
        if (!(await bot.isVisible())) return false;
        await bot.click();
        await page.getByRole('listbox').waitFor();
        const option = page.getByRole('option', { name: BOT, exact: true });
        if ((await option.count()) === 0) {
          await page.keyboard.press('Escape');
          return false;
        }
        await option.click();
        await page.getByRole('button', { name: 'Buscar', exact: true }).click();
        await page.getByRole('region', { name: 'Clientes' }).getByRole('listitem').first().waitFor();
        return true;
      },
    },
  ],
  '/historial › Buscar': [
    conversation((page) => page.getByRole('region', { name: 'Clientes' }).getByRole('listitem').first()),
    dialog('Generar informe'),
    dialog('Ver Informes'),
  ],
  '/bot': [dialog('Importar Bot')],
  '/bot/{id}': [dialog('Agregar Skill'), dialog('Desplegar'), dialog('Versiones'), dialog('Probar Bot'), dialog('Eliminar Bot')],
  '/bot/{id} · Entidades': [dialog('Nueva Entidad')],
  '/bot/{id} · Monitoreo': [dialog('Ver Informes')],
  '/skill/{id}': [dialog('Probar Skill'), dialog('Frases de entrenamiento')],
};

/** The dialogs shown now. */
const shownDialogs = (page: Page) => page.locator(DIALOGS).filter({ visible: true }).count();

interface Visit {
  page: Page;
  console: ConsoleWatch;
  viewport: { width: number; height: number };
  problems: string[];
  /** The links each list screen has, read once per account. */
  lists: Map<string, Array<{ href: string; text: string }>>;
}

/** What a width's sweep has done once for every account: screens axe judged, steps taken. */
interface Done {
  judged: Set<string>;
  stepped: Set<string>;
}

/** The links on a list screen whose path matches, e.g. '/usuario/new', '/usuario/5'. */
async function linksOn(visit: Visit, baseUrl: string, path: string, pattern: RegExp): Promise<Array<{ href: string; text: string }>> {
  let links = visit.lists.get(path);
  if (!links) {
    // Read where every record is a link: a wide table's rows open their record on a click, a
    // phone's cards are links.
    await visit.page.setViewportSize(PHONE);
    await visit.page.goto(`${baseUrl}${path}`);
    await settle(visit.page);
    visit.problems.push(...visit.console.take().map((problem) => `${path} a ${PHONE.width} px (cargada para leer sus enlaces): ${problem}`));
    links = await visit.page.locator('a[href]').evaluateAll((all) => all.map((a) => ({ href: a.getAttribute('href') ?? '', text: (a.textContent ?? '').trim() })));
    visit.lists.set(path, links);
    await visit.page.setViewportSize(visit.viewport);
  }
  return links.filter((link) => pattern.test(link.href));
}

/** The screens a route pattern stands for: itself, or 'new' and a record of the demo data. */
async function screensOf(visit: Visit, baseUrl: string, pattern: string): Promise<string[]> {
  const { page } = visit;
  const form = /^(.*)\/:id$/.exec(pattern)?.[1];
  if (!form) return [pattern];
  if (form === '/skill') {
    const bot = (await linksOn(visit, baseUrl, '/bot', /^\/bot\/(?!new$)/)).find((link) => link.text.includes(BOT));
    if (!bot) return [];
    await page.goto(`${baseUrl}${bot.href}`);
    await page.locator('.react-flow__node').first().waitFor();
    await settle(page);
    visit.problems.push(...visit.console.take().map((problem) => `${bot.href} (cargada para leer sus skills): ${problem}`));
    const ids = await page
      .locator('.react-flow__node')
      .evaluateAll((nodes, wanted) => nodes.filter((n) => wanted.includes(n.querySelector('.quipu-skill__name')?.textContent ?? '')).map((n) => n.getAttribute('data-id')), SKILLS);
    return ids.map((id) => `/skill/${id}`);
  }
  const list = form.startsWith('/canal/') ? '/canal' : { '/usuario': '/usuarios', '/empresa': '/empresas', '/bot': '/bot' }[form];
  const screens = [`${form}/new`];
  if (!list) return screens;
  const records = await linksOn(visit, baseUrl, list, new RegExp(`^${form}/(?!new$)[^/]+$`));
  // The bot's record is the demo assistant when the list has it.
  const record = records.find((link) => form === '/bot' && link.text.includes(BOT)) ?? records[0];
  return record ? [...screens, record.href] : screens;
}

/** Opens a path as the console's own links do, without loading the page again; '/' is the dashboard's. */
async function openInApp(page: Page, path: string): Promise<void> {
  const shown = path === '/' ? '/dashboard' : path;
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    window.scrollTo(0, 0);
    // As on a page just loaded, nothing keeps the focus (the menu's button kept it pulsing).
    (document.activeElement as HTMLElement | null)?.blur();
  }, path);
  await page.waitForURL((url) => url.pathname === shown);
}

/** The name of a screen of `pattern`: '/usuario/{id}' for a record, '/usuario/new' for a new one. */
const shapeOf = (pattern: string, path: string) => pattern.replace(':id', path.endsWith('/new') ? 'new' : '{id}');

/** The problems of the screen as it is now, under the name `where`; axe's too the first time this width meets `shape`. */
async function check(visit: Visit, done: Done, where: string, shape: string): Promise<void> {
  const { page, viewport } = visit;
  await settle(page);
  const found = [...(await layoutProblems(page)), ...(await buttonProblems(page)), ...(await dialogProblems(page))];
  if (!done.judged.has(shape)) {
    done.judged.add(shape);
    // A tooltip left by the focus or pointer of the tap that led here is not the screen's: let it go first.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(viewport.width / 2, viewport.height * 0.7);
    await page.waitForFunction(() => !document.querySelector('.MuiTooltip-popper'), undefined, { timeout: 5000 }).catch(() => undefined);
    found.push(...(await axeViolations(page)).map((violation) => `axe ${violation}`));
  }
  found.push(...visit.console.take());
  visit.problems.push(...found.map((problem) => `${where}: ${problem}`));
}

/** Checks the screen, then takes the steps of its name this width has not taken yet, each checked in turn. */
async function explore(visit: Visit, done: Done, where: string, shape: string): Promise<void> {
  await check(visit, done, where, shape);
  const { page } = visit;
  for (const step of STEPS[shape] ?? []) {
    const key = `${shape} › ${step.name}`;
    if (done.stepped.has(key)) continue;
    const before = await shownDialogs(page);
    if (!(await step.take(page))) continue;
    done.stepped.add(key);
    if (step.dialog) await expect.poll(() => shownDialogs(page), { message: `${where}: «${step.name}» abre un diálogo` }).toBeGreaterThan(before);
    await explore(visit, done, `${where} › ${step.name}`, key);
    if (!step.dialog) continue;
    // Escape closes every dialog of the console; MUI's focus trap takes the focus back into it first.
    await page.keyboard.press('Escape');
    await expect.poll(() => shownDialogs(page), { message: `${where}: Escape cierra «${step.name}»` }).toBe(before);
    visit.problems.push(...visit.console.take().map((problem) => `${where} › ${step.name}: ${problem}`));
  }
}

/** Every other tab of the screen (and the tabs inside a tab), each opened and explored once. */
async function exploreTabs(visit: Visit, done: Done, where: string, shape: string): Promise<void> {
  const tabs = visit.page.getByRole('tab');
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
    await explore(visit, done, `${where} · ${name}`, `${shape} · ${name}`);
  }
}

/** The problems, with one that several screens share (the page's frame) said once, with where. */
function sameOnManyScreens(problems: string[]): string[] {
  const screens = new Map<string, string[]>();
  for (const problem of problems) {
    const [where, what] = problem.split(/: (.*)/s);
    screens.set(what, [...(screens.get(what) ?? []), where]);
  }
  return [...screens].map(([what, wheres]) =>
    wheres.length === 1 ? `${wheres[0]}: ${what}` : `${what} — en ${wheres.length} pantallas: ${wheres.slice(0, 3).join(', ')}${wheres.length > 3 ? '…' : ''}`,
  );
}

export interface ScreenSweep {
  /**
   * Signs in, opens the menu where a button opens it, then every route of the role, every tab and
   * the steps of the list this width has not taken yet. The account's problems, one line each; [] when none.
   */
  account: (usuario: string, subject: RoleSubject) => Promise<string[]>;
  /** The steps of the list (dialogs, states) no account has taken yet at this width. */
  untaken: () => string[];
}

/** The sweep at one width, for one account at a time; axe's judgements and the steps are shared by the accounts. */
export function screenSweep(quipu: Quipu, viewport: { width: number; height: number }): ScreenSweep {
  const done: Done = { judged: new Set(), stepped: new Set() };
  const untaken = () => Object.entries(STEPS).flatMap(([shape, steps]) => steps.map((step) => `${shape} › ${step.name}`)).filter((key) => !done.stepped.has(key));
  const account = async (usuario: string, subject: RoleSubject): Promise<string[]> => {
    const flags = deriveFlags(subject);
    const page = await quipu.newPage();
    const visit: Visit = { page, console: watchConsole(page, quipu.server.url), viewport, problems: [], lists: new Map() };
    // The sign-in waits for the sidebar, which a phone shows only on demand: sign in wide, then set the width.
    await new LoginPage(page, quipu.server.url).signInAndWait(usuario);
    visit.problems.push(...visit.console.take().map((problem) => `el ingreso: ${problem}`));
    await page.setViewportSize(viewport);

    // The menu, opened where a button opens it (a phone): the role's links, none covered.
    const menu = page.getByRole('button', { name: 'Abrir menú' });
    if (await menu.isVisible()) {
      await menu.click();
      const expected = sidebarLinks(flags).length;
      await expect.poll(async () => (await new LayoutPage(page).sidebarLinks()).length, { message: `${usuario}: enlaces del menú` }).toBe(expected);
      await check(visit, done, 'el menú abierto', 'menú');
      await page.keyboard.press('Escape');
    }

    for (const route of ROUTES.filter((r) => canOpen(r.check, flags))) {
      for (const path of await screensOf(visit, quipu.server.url, route.path)) {
        await openInApp(page, path);
        const shape = shapeOf(route.path, path);
        await explore(visit, done, path === shape ? path : `${shape} (${path})`, shape);
        await exploreTabs(visit, done, shape, shape);
      }
    }
    return sameOnManyScreens(visit.problems);
  };
  return { account, untaken };
}
