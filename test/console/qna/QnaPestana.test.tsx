// The bot editor's QnA tab, 'Preguntas y Respuestas': its buttons by bot and by role, and 'Cargar QnA por Defecto'.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../common/sessionTypes';
import type { Bot } from '../../../src/api/bots';
import { bot, compania, usuarioBots } from '../resources/botSupport';
import { openBot } from '../resources/botEditorSupport';
import { record } from '../resources/support';
import { searchQnas, tags } from './qnaSupport';

const BUTTONS = ['Agregar QnA', 'Cargar QnA por Defecto', 'Importar', 'Historial', 'Eliminar QnA'];

/** Opens the bot's editor on its QnA tab, over 2 QnAs. */
async function openQnaTab(data: Bot, session: Session = compania) {
  record('get', '/tag-kb', () => tags);
  record('get', '/bot-version', () => null);
  const searches = searchQnas(2);
  openBot(data, session);
  await userEvent.click(await screen.findByRole('tab', { name: 'QnA' }));
  const panel = await screen.findByRole('tabpanel', { name: 'QnA' });
  expect(within(panel).getByRole('heading', { name: 'Preguntas y Respuestas' })).toBeInTheDocument();
  await within(panel).findByText('Pregunta 1');
  const shown = () => BUTTONS.filter((name) => within(panel).queryByRole('button', { name }));
  return { panel, searches, shown };
}

describe("Pestaña QnA ('Preguntas y Respuestas')", () => {
  it("con isBotEdit: Agregar QnA, Cargar QnA por Defecto, Importar y Eliminar QnA; 'Historial' solo con QnA externo", async () => {
    const { shown, searches } = await openQnaTab(bot('b1', { qna: true }));
    expect(shown()).toEqual(['Agregar QnA', 'Cargar QnA por Defecto', 'Importar', 'Eliminar QnA']);
    expect(searches[0].body).toMatchObject({ idBot: 'b1', page: 0, pageSize: 20 });
    expect(screen.getByRole('button', { name: 'Borrar Pregunta 1' })).toBeInTheDocument();
  });

  it("'Historial' aparece con qnaExtrn; 'Cargar QnA por Defecto' no está en el bot jedai", async () => {
    const { shown } = await openQnaTab(bot('jedai', { qna: true, qnaExtrn: true }));
    expect(shown()).toEqual(['Agregar QnA', 'Importar', 'Historial', 'Eliminar QnA']);
  });

  it('quien no edita bots solo lee: sin botones de cambio ni borrar', async () => {
    const { shown } = await openQnaTab(bot('b1', { qna: true, qnaExtrn: true }), usuarioBots);
    expect(shown()).toEqual(['Historial']);
    expect(screen.queryByRole('button', { name: 'Borrar Pregunta 1' })).not.toBeInTheDocument();
  });

  it("'Cargar QnA por Defecto' llama GET /skill/jedai?idBot, avisa su mensaje y vuelve a leer la tabla", async () => {
    const loads = record('get', '/skill/jedai', () => ({ msg: 'Se agregaron 12 QnA por defecto', nuevos: 12 }));
    const { panel, searches } = await openQnaTab(bot('b1', { qna: true }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Cargar QnA por Defecto' }));
    expect(await screen.findByText('Se agregaron 12 QnA por defecto')).toBeInTheDocument();
    expect(loads.map((call) => call.url.search)).toEqual(['?idBot=b1']);
    await waitFor(() => expect(searches).toHaveLength(2));
  });
});
