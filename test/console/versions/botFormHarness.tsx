// Renders the deploy and versions buttons where the bot editor puts them: inside the react-admin
// form of a bot loaded by id (EditBase), with the real data provider, HTTP client, session flags,
// Spanish catalogue and notices. msw answers the calls.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, CreateBase, EditBase, Form, TextInput, required, type GetOneParams } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { http, HttpResponse } from 'msw';
import { createAuthProvider } from '../../../src/api/authProvider';
import { createDataProvider } from '../../../src/api/dataProvider';
import { createHttpClient } from '../../../src/api/http';
import { createSessionStore } from '../../../src/api/sessionStore';
import type { Session } from '../../../common/sessionTypes';
import type { Bot, BotVersion } from '../../../src/api/versions';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { AdminNotification } from '../../../src/layout/AdminNotification';
import { adminTheme } from '../../../src/layout/adminTheme';
import { DeployButton, VersionsButton } from '../../../src/resources/bots/versions';
import { server } from '../msw';

const API = 'http://localhost/api';

export function bot(extra: Partial<Bot> = {}): Bot {
  return {
    id: 'b1',
    idE: '3',
    nm: 'Ventas',
    dsc: 'Bot de ventas',
    imp: false,
    shared: false,
    idClone: null,
    tsession: 30,
    timeout: null,
    main: true,
    destroy: false,
    qna: false,
    qnaExtrn: false,
    qnaUrl: null,
    qnaCron: null,
    ttoken: null,
    baseUrl: null,
    baseUrlRemoto: null,
    params: { maxAttempt: 3, msgAttempt: 'Intentos excedidos', invalidOption: 'Opción no válida' },
    diagram: { nodes: [{ id: 's1', x: 10, y: 20 }], edges: [] },
    extras: [{ key: 'region', val: 'norte' }],
    extrasEnc: [{ key: 'clave', set: true }],
    version: 2,
    msg: 'Primera versión',
    fc: '2026-01-10T10:00:00.000Z',
    rev: 4,
    ...extra,
  };
}

export function botVersion(version: number, extra: Partial<BotVersion> = {}): BotVersion {
  return {
    id: `v${version}`,
    idBot: 'b1',
    version,
    fc: '2026-03-04T15:06:00.000Z',
    ffin: '2026-03-04T15:06:04.200Z',
    dur: 4_200,
    done: true,
    error: false,
    msg: `Versión ${version}`,
    ...extra,
  };
}

/** GET /bot?id answers each of `answers` in turn (the last one from then on) and counts the calls. */
export function botAnswers(...answers: Bot[]) {
  const calls: string[] = [];
  server.use(
    http.get('*/api/bot', ({ request }) => {
      calls.push(new URL(request.url).searchParams.get('id') ?? '');
      return HttpResponse.json(answers[Math.min(calls.length, answers.length) - 1]);
    }),
  );
  return calls;
}

/** What react-admin's unsaved-changes guard reads: changed and not submitted successfully. */
function PendingChanges() {
  const { isDirty, isSubmitSuccessful } = useFormState();
  return isDirty && !isSubmitSuccessful ? <p>Hay cambios sin guardar</p> : null;
}

interface HarnessOptions {
  session: Session;
  /** Absent: the form of /bot/new. */
  botId?: string;
  reload?: () => void;
}

export function renderBotForm({ session, botId, reload }: HarnessOptions) {
  const transport = createHttpClient({ apiUrl: API });
  const base = createDataProvider(API, transport.fetchJson, () => undefined);
  // The bots resource's own getOne is the bot editor's (GET /bot?id); here it is read directly.
  const dataProvider = {
    ...base,
    getOne: async (resource: string, params: GetOneParams) =>
      resource === 'bots' ? { data: (await transport.fetchJson<Bot>(`${API}/bot?id=${encodeURIComponent(String(params.id))}`)).json } : base.getOne(resource, params),
  } as typeof base;
  const authProvider = createAuthProvider({
    store: createSessionStore(session),
    api: { login: async () => session, logout: async () => undefined },
  });
  const form: ReactNode = (
    <Form>
      <TextInput source="nm" label="Nombre" validate={required('Campo requerido')} />
      <DeployButton />
      <VersionsButton reload={reload} />
      <PendingChanges />
    </Form>
  );
  return render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} theme={adminTheme({ alt: false })}>
      {botId ? (
        <EditBase resource="bots" id={botId} mutationMode="pessimistic">
          {form}
        </EditBase>
      ) : (
        <CreateBase resource="bots">{form}</CreateBase>
      )}
      <AdminNotification />
    </AdminContext>,
  );
}
