// The links react-admin builds land on the console's paths: /usuarios,
// /usuario/new, /usuario/{id}, and the same for empresas; never /usuarios/create or /usuarios/{id}.
import { render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, RecordContextProvider, ReferenceField, ResourceDefinitionContextProvider, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { usuarios } from '../../../src/resources/usuarios';
import { toSpecPath } from '../../../src/routing/specPaths';
import { specRouterProvider } from '../../../src/routing/specRouterProvider';
import { makeSession } from '../fixtures';
import { empresa, page, record, renderAdmin, usuario } from '../resources/support';

const admin = makeSession({ rol: 'ROLE_ADMIN', id: 'adm', idE: '1' }, { id: '1', nm: 'Administración' });
const compania = makeSession({ rol: 'ROLE_COMPANIA', id: 'cia' });

describe('toSpecPath', () => {
  it.each([
    ['/usuarios/create', '/usuario/new'],
    ['/usuarios/u5', '/usuario/u5'],
    ['/empresas/7?tab=1', '/empresa/7?tab=1'],
    ['/usuarios', '/usuarios'],
    ['/auditoria/3', '/auditoria/3'],
    ['/canal/tw/5', '/canal/tw/5'],
    ['/bots', '/bot'],
    ['/bots?filter=%7B%7D', '/bot?filter=%7B%7D'],
    ['/bots/create', '/bot/new'],
    ['/bots/b5', '/bot/b5'],
    ['/bot/b5', '/bot/b5'],
  ])('%s → %s', (built, spec) => expect(toSpecPath(built)).toBe(spec));
});

describe('Enlaces de los recursos', () => {
  it("'Nuevo Usuario' (CreateButton) lleva a /usuario/new", async () => {
    record('post', '/usuario/search', () => page([usuario(1)], 1));
    renderAdmin('/usuarios', compania);
    const nuevo = await screen.findByRole('link', { name: 'Nuevo Usuario' });
    expect(nuevo).toHaveAttribute('href', '/usuario/new');
    await userEvent.click(nuevo);
    await waitFor(() => expect(window.location.pathname).toBe('/usuario/new'));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Usuario');
  });

  it('un clic en una fila de usuarios abre /usuario/{id}', async () => {
    record('post', '/usuario/search', () => page([usuario(1), usuario(2)], 2));
    record('get', '/usuario', () => usuario(2));
    renderAdmin('/usuarios', compania);
    await userEvent.click(await screen.findByText('Nombre2'));
    await waitFor(() => expect(window.location.pathname).toBe('/usuario/u2'));
    expect(await screen.findByDisplayValue('Apellido2')).toBeInTheDocument();
  });

  it('guardar un usuario vuelve a /usuarios', async () => {
    record('get', '/usuario', () => usuario(2));
    record('post', '/usuario/search', () => page([usuario(2)], 1));
    record('post', '/usuario', ({ body }) => body as object);
    renderAdmin('/usuario/u2', compania);
    await screen.findByDisplayValue('Apellido2');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(window.location.pathname).toBe('/usuarios'));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
  });

  it("borrar un usuario ('Si') vuelve a /usuarios", async () => {
    record('get', '/usuario', () => usuario(2));
    record('post', '/usuario/search', () => page([], 0));
    const deletes = record('delete', '/usuario/', () => ({}));
    renderAdmin('/usuario/u2', compania);
    await screen.findByDisplayValue('Apellido2');
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Borrar Usuario')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Si' }));
    await waitFor(() => expect(window.location.pathname).toBe('/usuarios'));
    expect(deletes).toHaveLength(1);
  });

  it("'Nueva Empresa' lleva a /empresa/new, una fila a /empresa/{id} y guardar vuelve a /empresas", async () => {
    record('get', '/empresa', ({ url }) => (url.searchParams.has('id') ? empresa('7') : [empresa('7')]));
    record('post', '/empresa', ({ body }) => body as object);
    renderAdmin('/empresas', admin);
    expect(await screen.findByRole('link', { name: 'Nueva Empresa' })).toHaveAttribute('href', '/empresa/new');
    await userEvent.click(await screen.findByText('Empresa 7'));
    await waitFor(() => expect(window.location.pathname).toBe('/empresa/7'));
    await screen.findByDisplayValue('Empresa 7');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(window.location.pathname).toBe('/empresas'));
  });
});

describe('ReferenceField', () => {
  it('enlaza al usuario referido en /usuario/{id}', async () => {
    const dataProvider = { getMany: async () => ({ data: [{ id: 'u5', nm: 'Ana', ap: 'Quispe' }] }) } as unknown as DataProvider;
    render(
      <MemoryRouter>
        <AdminContext dataProvider={dataProvider} routerProvider={specRouterProvider} i18nProvider={i18nProvider}>
          <ResourceDefinitionContextProvider definitions={{ usuarios: { name: 'usuarios', ...usuarios, hasEdit: true } }}>
            <RecordContextProvider value={{ id: 'a1', idU: 'u5' }}>
              <ReferenceField source="idU" reference="usuarios" />
            </RecordContextProvider>
          </ResourceDefinitionContextProvider>
        </AdminContext>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: 'Ana Quispe' })).toHaveAttribute('href', '/usuario/u5');
  });
});
