// 'Ver uso' read at the zoom the diagram opens at: its numbers are at least 12 px on screen, however
// far the opening fit zooms out, and a legend says what 'Llegan' and 'Terminan' count.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../src/api/client';
import { OPENING_MIN_ZOOM, usoFontPx } from '../../../src/resources/bots/flow/skillUsage';
import { makeSession } from '../fixtures';
import { record } from '../resources/support';
import { NOW } from '../dashboard/support';
import { mockReactFlow } from './mockReactFlow';
import { SKILLS, renderFlow, serveSkills } from './support';

beforeAll(mockReactFlow);
beforeEach(() => {
  sessionStore.set(makeSession({ rol: 'ROLE_COMPANIA' }));
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const USO = [
  { idSkill: 's1', llegan: 12, terminan: 3 },
  { idSkill: 's2', llegan: 4, terminan: 4 },
];

/** The diagram's zoom, as React Flow draws it (the viewport's scale). */
function zoom(): number {
  const transform = document.querySelector<HTMLElement>('.react-flow__viewport')!.style.transform;
  return Number(/scale\(([\d.]+)\)/.exec(transform)![1]);
}

/** The size (px) on screen of a skill's numbers: their font size in the diagram times the zoom. */
async function numbersOnScreen(name: string): Promise<number> {
  const node = (await screen.findByText(name, { selector: '.quipu-skill__name' }, { timeout: 15_000 })).closest<HTMLElement>('.react-flow__node')!;
  const numbers = (await within(node).findByText(/^Llegan: \d+$/)).parentElement!;
  return parseFloat(getComputedStyle(numbers).fontSize) * zoom();
}

async function turnOn() {
  await screen.findByText('Saludo', { selector: '.quipu-skill__name' }, { timeout: 15_000 });
  await userEvent.click(screen.getByRole('button', { name: 'Ver uso' }));
}

describe("'Ver uso' se lee al zoom con que abre el diagrama", () => {
  it('al zoom con que abre (entre 0,5 y 1) los números miden 12 px en pantalla: en el diagrama crecen al alejarlo', async () => {
    serveSkills(SKILLS);
    record('post', '/dashboard/uso', () => USO);
    renderFlow();
    await turnOn();
    // Three steps out: about 0.58, a zoom the opening fit of a large diagram gives.
    for (let i = 0; i < 3; i++) await userEvent.click(screen.getByRole('button', { name: 'Alejar' }));
    await waitFor(() => expect(zoom()).toBeLessThan(0.6));
    expect(zoom()).toBeGreaterThanOrEqual(OPENING_MIN_ZOOM);
    await waitFor(async () => expect(await numbersOnScreen('Saludo')).toBeCloseTo(12, 5));
  });

  it('hasta el menor zoom con que abre el diagrama (0,5) los números no bajan de 12 px en pantalla', () => {
    expect(OPENING_MIN_ZOOM).toBe(0.5);
    for (const z of [0.5, 0.58, 0.67, 0.8, 1, 1.5, 2]) expect(usoFontPx(z) * z).toBeGreaterThanOrEqual(12);
    // Further out than any opening, the user chose to see more of the diagram than its numbers.
    expect(usoFontPx(0.25)).toBe(24);
  });

  it('un diagrama pequeño abre a zoom 1 y los números miden 12 px', async () => {
    serveSkills(SKILLS);
    record('post', '/dashboard/uso', () => USO);
    renderFlow();
    await turnOn();
    expect(zoom()).toBe(1);
    expect(await numbersOnScreen('Saludo')).toBe(12);
  });

  it("una leyenda dice qué cuentan 'Llegan' y 'Terminan' mientras 'Ver uso' está encendido", async () => {
    serveSkills(SKILLS);
    record('post', '/dashboard/uso', () => USO);
    renderFlow();
    await turnOn();
    const leyenda = screen.getByRole('list', { name: 'Qué cuenta cada número' });
    expect(within(leyenda).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Llegan: sesiones en las que el skill respondió al menos una vez en los días elegidos.',
      'Terminan: sesiones cuya última respuesta la dio el skill.',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Ver uso' }));
    expect(screen.queryByRole('list', { name: 'Qué cuenta cada número' })).toBeNull();
  });
});
