// Keyboard focus is a visible 2 px solid ring in the brand's dark primary, apart from the control
// (WCAG 2.2 focus appearance), set once in the theme for every kind of control.
import CssBaseline from '@mui/material/CssBaseline';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { createTheme, ThemeProvider, type ThemeOptions } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PublicShell } from '../../../src/auth/PublicShell';
import { adminTheme } from '../../../src/layout/adminTheme';
import { BrandContext } from '../../../src/layout/BrandContext';
import { makeSession } from '../fixtures';
import { renderPublic } from '../renderPublic';
import { page, record, renderAdmin, usuario } from '../resources/support';

const PURPLE = 'rgb(62, 26, 95)';
const TEAL = 'rgb(0, 77, 64)';

function ring(element: Element) {
  const style = getComputedStyle(element);
  return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor, offset: style.outlineOffset };
}

/**
 * The outline that the stylesheet rules for `element`'s own class with `state` declare, the later
 * rule winning (jsdom does not match :focus-visible, and MUI only marks a keyboard focus it saw).
 */
function ruleFor(element: Element, state: string) {
  const own = [...element.classList].find((name) => name.startsWith('css-'));
  const found: Record<string, string> = {};
  for (const sheet of document.styleSheets) {
    for (const rule of sheet.cssRules) {
      if (!(rule instanceof CSSStyleRule) || !rule.selectorText.split(',').some((selector) => selector.trim() === `.${own}${state}`)) continue;
      for (const name of ['outline-style', 'outline-width', 'outline-color', 'outline-offset']) {
        const value = rule.style.getPropertyValue(name);
        if (value) found[name] = value;
      }
    }
  }
  return { style: found['outline-style'], width: found['outline-width'], color: found['outline-color'], offset: found['outline-offset'] };
}

describe('foco visible', () => {
  it('un botón enfocado con el teclado lleva el contorno; uno sin foco, no', async () => {
    renderPublic('/login');
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/^Contraseña/));
    await user.tab();
    const ingresar = screen.getByRole('button', { name: 'Ingresar' });
    expect(ingresar).toHaveFocus();
    expect(ring(ingresar)).toEqual({ style: 'solid', width: '2px', color: PURPLE, offset: '2px' });
    expect(ring(screen.getByRole('link', { name: 'Ingresar con Microsoft' })).style).toBe('none');
  });

  it('un interruptor enfocado con el teclado lleva el contorno alrededor de su botón', async () => {
    render(
      <ThemeProvider theme={createTheme(adminTheme({ alt: false }) as ThemeOptions)}>
        <CssBaseline />
        <input aria-label="antes" />
        <FormControlLabel control={<Switch />} label="Activo" />
      </ThemeProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'antes' }));
    await user.tab();
    const activo = screen.getByRole('switch', { name: 'Activo' });
    expect(activo).toHaveFocus();
    expect(ring(activo.closest('.MuiSwitch-switchBase')!)).toEqual({ style: 'solid', width: '2px', color: PURPLE, offset: '2px' });
  });

  it('con la marca alternativa el contorno es su primario oscuro', async () => {
    window.history.pushState(null, '', '/login');
    render(
      <BrandContext value={{ name: 'Marca Andina', alt: true }}>
        <PublicShell onSignedIn={vi.fn()} />
      </BrandContext>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/^Contraseña/));
    await user.tab();
    expect(ring(screen.getByRole('button', { name: 'Ingresar' }))).toEqual({ style: 'solid', width: '2px', color: TEAL, offset: '2px' });
  });

  it('un enlace del menú, una fila que abre su registro y el botón de la barra superior también lo llevan', async () => {
    record('post', '/usuario/search', () => page([usuario(1), usuario(2)], 2));
    renderAdmin('/usuarios', makeSession({ rol: 'ROLE_COMPANIA' }));
    const row = (await screen.findByText('Nombre1')).closest('tr')!;
    // A row is reached by Tab; its ring is drawn just inside, where the table would clip an outer one.
    expect(row).toHaveAttribute('tabindex', '0');
    expect(ruleFor(row, ':focus-visible')).toEqual({ style: 'solid', width: '2px', color: PURPLE, offset: '-2px' });
    const usuarios = screen.getByRole('menuitem', { name: 'Usuarios' });
    expect(ruleFor(usuarios, '.Mui-focusVisible')).toEqual({ style: 'solid', width: '2px', color: PURPLE, offset: '-2px' });
    const perfil = screen.getByRole('button', { name: /perfil/ });
    expect(ruleFor(perfil, '.Mui-focusVisible')).toMatchObject({ style: 'solid', width: '2px', offset: '2px' });
    // On the purple app bar the ring takes the bar's white text colour.
    const bar = perfil.closest('header')!;
    expect(ruleFor(bar, ' .MuiButtonBase-root.Mui-focusVisible')).toMatchObject({ color: 'currentcolor' });
  });
});
