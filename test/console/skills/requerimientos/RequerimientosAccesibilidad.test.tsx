// The Requerimientos tab with axe (no serious or critical violation), read and edited, and the
// leave-page prompt while a card has unsaved changes. jsdom cannot judge colour contrast; the
// end-to-end suite does, in Chromium.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import axe from 'axe-core';
import { useState } from 'react';
import { AdminContext, TestMemoryRouter, useNavigate } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_URL, transport } from '../../../../src/api/client';
import { createDataProvider } from '../../../../src/api/dataProvider';
import { i18nProvider } from '../../../../src/i18n/i18nProvider';
import { UnsavedChangesProvider } from '../../../../src/layout/unsavedChanges';
import { SkillRequerimientosTab } from '../../../../src/resources/skills/requerimientos/SkillRequerimientosTab';
import { card, renderTab, requerimiento, row, serve } from './support';

async function seriousViolations() {
  const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.html).join(' | ')}`);
}

describe('Accesibilidad de Requerimientos', () => {
  it('la lista leída y una tarjeta en edición con errores', async () => {
    serve([requerimiento('r1'), requerimiento('r2', { op: 'OR', fields: [{ id: 'e1', type: 0, path: 'length', op: 'LOWER_THAN', value: '20' }] })]);
    renderTab();
    await screen.findByText('Ciudad · length · Menor que · 20');
    expect(await seriousViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Agregar requerimiento' }));
    const r3 = card('Requerimiento 3');
    await userEvent.selectOptions(within(row(r3, 1)).getByLabelText('Operación'), 'Es igual a');
    await userEvent.click(within(r3).getByRole('button', { name: 'Guardar' }));
    await within(r3).findByText('Ingrese un valor');
    expect(await seriousViolations()).toEqual([]);
  }, 60_000);
});

describe('Salir con cambios sin guardar', () => {
  afterEach(() => vi.restoreAllMocks());

  it("pregunta en la consola '¿Seguro deseas salir sin guardar tus cambios?': Cancelar se queda, 'Salir sin guardar' sale", async () => {
    serve([]);
    const confirm = vi.spyOn(window, 'confirm');
    const dataProvider = createDataProvider(API_URL, transport.fetchJson, () => '3');
    let path = '';
    function Leave() {
      const navigate = useNavigate();
      return <button type="button" onClick={() => navigate('/bot/b1')}>Volver al bot</button>;
    }
    function Harness() {
      const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
      return (
        <TestMemoryRouter initialEntries={['/skill/s1']} locationCallback={(location) => (path = location.pathname)}>
          <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
            <UnsavedChangesProvider>
              <SkillRequerimientosTab skillId="s1" idBot="b1" tp={0} canEdit />
              <Leave />
            </UnsavedChangesProvider>
          </AdminContext>
        </TestMemoryRouter>
      );
    }
    render(<Harness />);
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar requerimiento' }));
    await userEvent.click(screen.getByRole('button', { name: 'Volver al bot' }));
    const pregunta = () => screen.findByRole('dialog', { name: '¿Seguro deseas salir sin guardar tus cambios?' });
    expect(await seriousViolations()).toEqual([]);
    await userEvent.click(within(await pregunta()).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(path).toBe('/skill/s1');
    await userEvent.click(screen.getByRole('button', { name: 'Volver al bot' }));
    await userEvent.click(within(await pregunta()).getByRole('button', { name: 'Salir sin guardar' }));
    await waitFor(() => expect(path).toBe('/bot/b1'));
    expect(confirm).not.toHaveBeenCalled();
  });
});
