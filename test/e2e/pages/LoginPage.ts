// The login page, as a person uses it.
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../support/quipu';

export class LoginPage {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(query = '') {
    await this.page.goto(`${this.baseUrl}/login${query}`);
    await this.page.getByRole('button', { name: 'Ingresar', exact: true }).waitFor();
  }

  async signIn(usuario: string, password = DEMO_PASSWORD) {
    await this.page.getByLabel('Usuario').fill(usuario);
    await this.page.getByLabel('Contraseña').fill(password);
    await this.page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  }

  /** Signs in and waits for the signed-in layout. */
  async signInAndWait(usuario: string, password = DEMO_PASSWORD) {
    await this.open();
    await this.signIn(usuario, password);
    await this.page.getByRole('navigation', { name: 'Menú principal' }).waitFor();
  }
}
