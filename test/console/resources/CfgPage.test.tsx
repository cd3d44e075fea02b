// Email settings (/cfg): the stored password never shown, an empty
// one sent to keep it, required fields, and the test mail's answer as a notice.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeSession } from '../fixtures';
import { record, renderAdmin } from './support';

const admin = makeSession({ rol: 'ROLE_ADMIN', idE: '1' });
const stored = { host: 'smtp.demo.test', port: 587, username: 'avisos', email: 'avisos@demo.test', provider: 'SMTP', passwordSet: true };

describe('Configuración de correo', () => {
  it('nunca muestra la contraseña guardada: el campo está vacío y explica cómo conservarla', async () => {
    record('get', '/email', () => stored);
    renderAdmin('/cfg', admin);
    expect(await screen.findByDisplayValue('smtp.demo.test')).toBeInTheDocument();
    const password = screen.getByLabelText('Contraseña');
    expect(password).toHaveValue('');
    expect(password).toHaveAccessibleDescription('Hay una contraseña guardada; déjela vacía para conservarla');
    expect(screen.getByRole('spinbutton', { name: 'Puerto' })).toHaveValue(587);
    expect(screen.getByRole('combobox', { name: 'Proveedor' })).toHaveTextContent('SMTP');
  });

  it('guardar con la contraseña vacía la envía vacía para conservar la guardada', async () => {
    record('get', '/email', () => stored);
    const saves = record('post', '/email', () => stored);
    renderAdmin('/cfg', admin);
    const host = await screen.findByDisplayValue('smtp.demo.test');
    await userEvent.clear(host);
    await userEvent.type(host, 'mail.demo.test');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(saves[0].body).toEqual({ host: 'mail.demo.test', port: 587, username: 'avisos', password: '', email: 'avisos@demo.test', provider: 'SMTP' });
  });

  it("sin configuración guardada todo es obligatorio ('Campo requerido') y el puerto al menos 1", async () => {
    record('get', '/email', () => ({ host: '', port: null, username: '', email: '', provider: 'SMTP', passwordSet: false }));
    const saves = record('post', '/email', () => stored);
    renderAdmin('/cfg', admin);
    await screen.findByRole('textbox', { name: 'Servidor (host)' });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.getAllByText('Campo requerido')).toHaveLength(5));
    expect(screen.getByLabelText(/^Contraseña/)).toHaveAccessibleDescription('Campo requerido');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Puerto' }), '0');
    expect(await screen.findByText('Ingrese un número mayor o igual a 1')).toBeInTheDocument();
    expect(saves).toHaveLength(0);
  });

  it('ofrece los proveedores JEDAI, SMTP, OFFICE_365 y G_SUITE_GOOGLE', async () => {
    record('get', '/email', () => stored);
    renderAdmin('/cfg', admin);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Proveedor' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent).filter(Boolean);
    expect(options).toEqual(['JEDAI', 'SMTP', 'OFFICE_365', 'G_SUITE_GOOGLE']);
  });

  it("'Enviar prueba' muestra la respuesta del servidor", async () => {
    record('get', '/email', () => stored);
    const tests = record('post', '/email.test', () => ({ message: 'Correo de prueba enviado a ana@demo.test' }));
    renderAdmin('/cfg', admin);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Enviar a' }), 'ana@demo.test');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar prueba' }));
    expect(await screen.findByText('Correo de prueba enviado a ana@demo.test')).toBeInTheDocument();
    expect(tests[0].body).toEqual({ email: 'ana@demo.test' });
  });

  it("'Enviar prueba' muestra el error SMTP del servidor", async () => {
    record('get', '/email', () => stored);
    record('post', '/email.test', () => HttpResponse.json({ message: 'El servidor de correo rechazó el usuario o la contraseña' }, { status: 400 }));
    renderAdmin('/cfg', admin);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Enviar a' }), 'ana@demo.test');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar prueba' }));
    expect(await screen.findByText('El servidor de correo rechazó el usuario o la contraseña')).toBeInTheDocument();
  });

  it("'Atrás' vuelve al inicio", async () => {
    record('get', '/email', () => stored);
    renderAdmin('/cfg', admin);
    await screen.findByDisplayValue('smtp.demo.test');
    expect(screen.getByRole('link', { name: 'Atrás' })).toHaveAttribute('href', '/');
  });
});
