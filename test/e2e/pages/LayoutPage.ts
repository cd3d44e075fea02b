// The signed-in frame: sidebar, top bar and user menu.
import type { Page } from 'playwright-core';

export class LayoutPage {
  constructor(private readonly page: Page) {}

  sidebar() {
    return this.page.getByRole('navigation', { name: 'Menú principal' });
  }

  async sidebarLinks(): Promise<string[]> {
    // react-admin renders the sidebar links as menu items.
    const links = this.sidebar().getByRole('menuitem');
    // A link's 'Próximamente' mark sits under its label: one line break, read as a space.
    return (await links.allInnerTexts()).map((t) => t.trim().replace(/\s+/g, ' '));
  }

  async openUserMenu() {
    await this.page.getByRole('button', { name: /\(perfil\)$/ }).click();
  }

  async logout() {
    await this.openUserMenu();
    await this.page.getByRole('menuitem', { name: 'Salir' }).click();
  }
}
