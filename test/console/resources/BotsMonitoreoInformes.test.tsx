// 'Ver Informes' in the bot's Monitoreo tab, per role: offered only to the roles the reports' routes
// admit (ROLE_ADMIN, ROLE_COMPANIA, ROLE_HISTORIAL, or a user with pmHist); a ROLE_USER without
// pmHist (the demo's expirado@quipu.test) opens bots but is not offered what the server refuses it.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createAuthProvider } from '../../../src/api/authProvider';
import { API_URL, transport } from '../../../src/api/client';
import { createDataProvider } from '../../../src/api/dataProvider';
import { createSessionStore } from '../../../src/api/sessionStore';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { BotMonitoreoTab } from '../../../src/resources/bots/monitoreo/BotMonitoreoTab';
import type { Session } from '../../../common/sessionTypes';
import { makeSession } from '../fixtures';
import { compania, skills, usuarioBots } from './botSupport';
import { record } from './support';

function renderMonitoreo(session: Session) {
  record('get', '/skills', () => skills);
  record('post', '/frases', () => ({ content: [{ id: 'f1', f: 'quiero una pizza hawaiana', c: 2 }], totalPages: 1, totalElements: 1 }));
  const authProvider = createAuthProvider({ store: createSessionStore(session), api: { login: async () => session, logout: async () => undefined } });
  const dataProvider = createDataProvider(API_URL, transport.fetchJson, () => session.user.idE);
  render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
      <BotMonitoreoTab botId="b1" />
    </AdminContext>,
  );
}

describe("Pestaña Monitoreo: 'Ver Informes' según el rol", () => {
  it.each([
    ['ROLE_USER sin pmHist (expirado@quipu.test)', makeSession({ rol: 'ROLE_USER', id: 'u9', usuario: 'expirado@quipu.test' })],
    ['ROLE_USER sin pmHist', usuarioBots],
  ])("no se ofrece a %s: el servidor le negaría los informes", async (_rol, session) => {
    const informes = record('get', '/informes', () => []);
    renderMonitoreo(session);
    // The tab itself is there for the role: its phrases and its own buttons.
    expect(await screen.findByText('quiero una pizza hawaiana')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Asignar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ver Informes' })).not.toBeInTheDocument();
    expect(informes).toHaveLength(0);
  });

  it.each([
    ['ROLE_USER con pmHist', makeSession({ rol: 'ROLE_USER', id: 'u8', pmHist: true })],
    ['ROLE_COMPANIA', compania],
    ['ROLE_ADMIN', makeSession({ rol: 'ROLE_ADMIN', id: 'adm' })],
  ])('se ofrece a %s y abre la lista de informes del bot', async (_rol, session) => {
    const informes = record('get', '/informes', () => []);
    renderMonitoreo(session);
    await userEvent.click(await screen.findByRole('button', { name: 'Ver Informes' }));
    expect(await screen.findByRole('dialog', { name: 'Ver Informes' })).toBeInTheDocument();
    await waitFor(() => expect(informes.length).toBeGreaterThan(0));
    expect(informes[0].url.searchParams.get('idBot')).toBe('b1');
  });
});
