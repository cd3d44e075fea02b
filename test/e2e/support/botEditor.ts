// What the bot-building suites do alike in the bot and skill editors: find a skill on the
// diagram, add one, read a notice, switch tabs, and keep an entity in the skill's memory.
import type { Page } from 'playwright-core';

/** The diagram node of the skill named exactly `name`. */
export const skillNode = (page: Page, name: string) =>
  page.locator('.react-flow__node').filter({ has: page.locator('.quipu-skill__name', { hasText: new RegExp(`^${name}$`) }) });

/** A notice (or any text) on the page. */
export const notice = (page: Page, text: string | RegExp) => page.getByText(text).first();

export const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

/** 'Agregar Skill' on the bot's diagram, with a description when given; waits for its node. */
export async function addSkill(page: Page, name: string, dsc?: string): Promise<void> {
  await page.getByRole('button', { name: 'Agregar Skill' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill(name);
  if (dsc !== undefined) await dialog.getByRole('textbox', { name: 'Descripción' }).fill(dsc);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await dialog.waitFor({ state: 'detached' });
  await skillNode(page, name).waitFor();
}

/** In the skill editor's Memoria tab: keeps the entity `entity` as `name`, saved with its hint. */
export async function addMemory(page: Page, entity: string, name: string): Promise<void> {
  await tab(page, 'Memoria').click();
  await page.getByRole('button', { name: 'Agregar memoria' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Memoria' });
  const field = panel.getByRole('group', { name: 'Campo 1' });
  await field.getByRole('combobox', { name: 'Entidad' }).selectOption({ label: entity });
  await field.getByRole('textbox', { name: 'Nombre en memoria' }).fill(name);
  await panel.getByRole('button', { name: 'Guardar', exact: true }).click();
  await notice(page, /Verifique que las entidades/).waitFor();
}
