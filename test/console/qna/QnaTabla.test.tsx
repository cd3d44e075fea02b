// 'Skills QNA' (/qnas) and its QnA table: pages of 20 asked, 5 shown; 'Creado por'; delete; the tag filter.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSession } from '../fixtures';
import { record } from '../resources/support';
import { openQnas, pagesAsked, pickTags, shownNames } from './qnaSupport';

const table = () => screen.findByRole('table', { name: 'Preguntas y respuestas del bot' });

describe("'Skills QNA' (/qnas)", () => {
  it("muestra 'Skills QNA' con las QnA del bot jedai, sin 'Cargar QnA por Defecto'", async () => {
    const { searches } = openQnas(3);
    expect(await screen.findByRole('heading', { level: 1, name: 'Skills QNA' })).toBeInTheDocument();
    await table();
    expect(await screen.findByText('Pregunta 1')).toBeInTheDocument();
    expect((searches[0].body as { idBot: string }).idBot).toBe('jedai');
    for (const name of ['Agregar QnA', 'Importar', 'Eliminar QnA']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cargar QnA por Defecto' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Historial' })).not.toBeInTheDocument();
    expect(screen.getByText(/solo cuando el bot se vuelve a desplegar \(Desplegar\)/)).toBeInTheDocument();
  });

  it("no es para quien no es administrador del sistema: 'Sin acceso'", async () => {
    openQnas(3, makeSession({ rol: 'ROLE_COMPANIA', id: 'cia' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sin acceso' })).toBeInTheDocument();
  });
});

describe('Tabla de QnA', () => {
  it('pide 20 al servidor y muestra 5; pide los 20 siguientes solo al pasar de la fila 20; ofrece 5, 10 y 20 filas', async () => {
    const { searches } = openQnas(45);
    await screen.findByText('Pregunta 1');
    expect(pagesAsked(searches)).toEqual([[0, 20]]);
    expect(shownNames()).toEqual(['Pregunta 1', 'Pregunta 2', 'Pregunta 3', 'Pregunta 4', 'Pregunta 5']);
    expect(screen.getByText('1–5 de 45')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Ir a la página siguiente' });
    for (let i = 0; i < 3; i++) await userEvent.click(next);
    expect(shownNames()[0]).toBe('Pregunta 16');
    expect(screen.getAllByRole('row')[1].querySelector('td')?.textContent).toBe('16');
    expect(pagesAsked(searches)).toEqual([[0, 20]]);
    await userEvent.click(next);
    expect(await screen.findByText('Pregunta 21')).toBeInTheDocument();
    expect(shownNames()).toEqual(['Pregunta 21', 'Pregunta 22', 'Pregunta 23', 'Pregunta 24', 'Pregunta 25']);
    expect(pagesAsked(searches)).toEqual([[0, 20], [1, 20]]);
    await userEvent.click(screen.getByRole('combobox', { name: /Filas por página/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['5', '10', '20']);
    await userEvent.click(screen.getByRole('option', { name: '10' }));
    await waitFor(() => expect(shownNames()).toHaveLength(10));
    expect(shownNames()[0]).toBe('Pregunta 1');
  });

  it("'Creado por' dice 'Automático' con origen 1 y 'Usuario' si no; 'Actualizado' con fecha y hora", async () => {
    openQnas(2);
    await screen.findByText('Pregunta 2');
    const rows = within(await table()).getAllByRole('row');
    expect(within(rows[1]).getByText('Automático')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Usuario')).toBeInTheDocument();
    expect(within(rows[1]).getByText(/^04\/03\/2026 \d\d:\d\d$/)).toBeInTheDocument();
  });

  it("borrar una QnA pregunta 'Seguro desea borrar?' y envía DELETE /skill/qna?id&idBot", async () => {
    const { searches } = openQnas(2);
    const deletes = record('delete', '/skill/qna', () => ({}));
    await userEvent.click(await screen.findByRole('button', { name: 'Borrar Pregunta 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Seguro desea borrar?' });
    expect(deletes).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Si' }));
    await waitFor(() => expect(deletes.map((call) => call.url.search)).toEqual(['?id=q2&idBot=jedai']));
    await waitFor(() => expect(searches.length).toBeGreaterThan(1));
  });

  it('el filtro de tags envía los códigos elegidos en tags', async () => {
    const { searches } = openQnas(2);
    await screen.findByText('Pregunta 1');
    expect((searches[0].body as { tags: string[] }).tags).toEqual([]);
    await pickTags('Filtrar por tags', 'Tarjetas', 'Cuentas');
    await waitFor(() => expect((searches[searches.length - 1].body as { tags: string[] }).tags).toEqual(['t1', 't2']));
  });
});
