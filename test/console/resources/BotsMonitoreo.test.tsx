// The Monitoreo tab of /bot/{id}: unrecognised phrases, 20 a
// page, with their counts; assigning them to a skill or deleting them, and the console's own
// 'Seleccione frases' and 'Seleccione un Skill'.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bot, skills, usuarioBots } from './botSupport';
import { record, renderAdmin } from './support';

const frases = Array.from({ length: 45 }, (_, n) => ({ id: `f${n + 1}`, f: `frase número ${n + 1}`, c: 100 - n }));

async function openMonitoreo() {
  record('get', '/bot', () => bot('b1'));
  record('get', '/skills', () => skills);
  const pages = record('post', '/frases', ({ body }) => {
    const { page, pageSize } = body as { page: number; pageSize: number };
    return { content: frases.slice(page * pageSize, (page + 1) * pageSize), totalPages: Math.ceil(frases.length / pageSize), totalElements: frases.length };
  });
  // ROLE_USER uses Monitoreo too.
  renderAdmin('/bot/b1', usuarioBots);
  await userEvent.click(await screen.findByRole('tab', { name: 'Monitoreo' }));
  await screen.findByRole('table', { name: 'Frases no reconocidas' });
  return pages;
}

async function chooseSkill(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Skill' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('Pestaña Monitoreo', () => {
  it('muestra 20 frases por página con sus repeticiones y pagina con POST /frases', async () => {
    const pages = await openMonitoreo();
    const table = screen.getByRole('table', { name: 'Frases no reconocidas' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getByText('frase número 1').closest('tr')).toHaveTextContent('100');
    expect(screen.getByText('1-20 de 45')).toBeInTheDocument();
    expect(pages[0].body).toEqual({ botId: 'b1', page: 0, pageSize: 20 });
    await userEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('frase número 21')).toBeInTheDocument();
    expect(screen.getByText('21-40 de 45')).toBeInTheDocument();
    expect(pages[pages.length - 1].body).toEqual({ botId: 'b1', page: 1, pageSize: 20 });
  });

  it("'Asignar' sin frases dice 'Seleccione frases' y sin skill 'Seleccione un Skill', sin llamar al servidor", async () => {
    await openMonitoreo();
    const assigns = record('post', '/frases/intent', () => ({ message: 'Asignados con éxito' }));
    await userEvent.click(screen.getByRole('button', { name: 'Asignar' }));
    expect(await screen.findByText('Seleccione frases')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'frase número 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Asignar' }));
    expect(await screen.findByText('Seleccione un Skill')).toBeInTheDocument();
    expect(assigns).toHaveLength(0);
  });

  it("asigna las frases elegidas al skill con POST /frases/intent y dice 'Asignados con éxito'", async () => {
    const pages = await openMonitoreo();
    const assigns = record('post', '/frases/intent', () => ({ message: 'Asignados con éxito' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'frase número 2' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'frase número 5' }));
    await chooseSkill('Ingreso');
    const before = pages.length;
    await userEvent.click(screen.getByRole('button', { name: 'Asignar' }));
    expect(await screen.findByText('Asignados con éxito')).toBeInTheDocument();
    expect(assigns[0].body).toEqual({ botId: 'b1', page: 0, pageSize: 20, ids: ['f2', 'f5'], skillId: 's2' });
    await waitFor(() => expect(pages.length).toBeGreaterThan(before));
    expect(screen.getByRole('checkbox', { name: 'frase número 2' })).not.toBeChecked();
  });

  it("'Eliminar' borra las frases elegidas con POST /frases/delete y dice 'Frases eliminadas con éxito'", async () => {
    await openMonitoreo();
    const deletes = record('post', '/frases/delete', () => ({ message: 'Frases eliminadas con éxito' }));
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Seleccione frases')).toBeInTheDocument();
    expect(deletes).toHaveLength(0);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las frases de la página' }));
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Frases eliminadas con éxito')).toBeInTheDocument();
    expect(deletes[0].body).toEqual({ botId: 'b1', page: 0, pageSize: 20, ids: frases.slice(0, 20).map((row) => row.id) });
  });
});
