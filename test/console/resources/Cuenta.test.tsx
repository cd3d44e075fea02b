// 'Mi empresa' (/cuenta): the user's own company, read-only, dates for ROLE_ADMIN only.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSession } from '../fixtures';
import { empresa, record, renderAdmin } from './support';

const demo = empresa('3', { nm: 'Demo Internacional', ruc: '20512345678', dir: 'Calle Las Begonias 441', tel: '+51 1 705 2300', c: 'Lucía Fernández' });

/** The value SimpleShowLayout shows under a label. */
function shown(label: string) {
  const term = screen.getByText(label, { selector: '.RaLabeled-label, .RaLabeled-label *' }).closest('.RaLabeled-label');
  return term?.nextElementSibling?.textContent;
}

describe('Mi empresa', () => {
  it('muestra la empresa propia (GET /empresa?id=idE) sin campos editables', async () => {
    const calls = record('get', '/empresa', () => demo);
    renderAdmin('/cuenta', makeSession({ rol: 'ROLE_SUPERVISOR' }));
    expect(await screen.findByText('Demo Internacional')).toBeInTheDocument();
    expect(calls.map((call) => call.url.search)).toEqual(['?id=3']);
    expect(shown('RUC')).toBe('20512345678');
    expect(shown('Dirección')).toBe('Calle Las Begonias 441');
    expect(shown('Teléfono')).toBe('+51 1 705 2300');
    expect(shown('Contacto')).toBe('Lucía Fernández');
    expect(shown('Activo')).toBe('Sí');
    expect(shown('Agente en vivo')).toBe('No');
    expect(shown('Zona horaria')).toBe('La del servidor');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('muestra la zona horaria de la empresa cuando tiene una', async () => {
    record('get', '/empresa', () => ({ ...demo, tz: 'America/Bogota' }));
    renderAdmin('/cuenta', makeSession({ rol: 'ROLE_SUPERVISOR' }));
    await screen.findByText('Demo Internacional');
    expect(shown('Zona horaria')).toBe('America/Bogota');
  });

  it('oculta la fecha de creación y la de fin a quien no es ROLE_ADMIN', async () => {
    record('get', '/empresa', () => demo);
    renderAdmin('/cuenta', makeSession({ rol: 'ROLE_SUPERVISOR' }));
    await screen.findByText('Demo Internacional');
    expect(screen.queryByText('Fecha de creación')).not.toBeInTheDocument();
    expect(screen.queryByText('Fecha de fin')).not.toBeInTheDocument();
    expect(screen.queryByText('04/03/2025')).not.toBeInTheDocument();
  });

  it('ROLE_ADMIN ve las fechas DD/MM/YYYY', async () => {
    record('get', '/empresa', () => ({ ...demo, fc: '2025-03-04T15:00:00', ff: '2027-12-31' }));
    renderAdmin('/cuenta', makeSession({ rol: 'ROLE_ADMIN', idE: '3' }));
    await screen.findByText('Demo Internacional');
    expect(shown('Fecha de creación')).toBe('04/03/2025');
    expect(shown('Fecha de fin')).toBe('31/12/2027');
  });
});
