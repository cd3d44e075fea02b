// About: version data from GET /public/about, defaults until loaded, copyright and
// legal warning.
import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession } from '../fixtures';
import { server } from '../msw';
import { renderApp } from '../renderApp';

describe('Acerca de', () => {
  it('muestra valores por defecto y luego rama, commit y fecha DD/MM/YYYY HH:mm', async () => {
    server.use(
      http.get('*/api/public/about', async () => {
        await delay(300);
        return HttpResponse.json({ branch: 'release/2.4', commitId: 'f00dcafe1234', commitTime: '2026-03-04T15:06:00' });
      }),
    );
    renderApp('/about', makeSession());
    expect(await screen.findByRole('heading', { level: 1, name: 'Acerca de' })).toBeInTheDocument();
    expect(screen.getAllByText('Sin información')).toHaveLength(3);
    expect(await screen.findByText('release/2.4')).toBeInTheDocument();
    expect(screen.getByText('f00dcafe1234')).toBeInTheDocument();
    expect(screen.getByText('04/03/2026 15:06')).toBeInTheDocument();
  });

  it('muestra el copyright con el año de la compilación, el mismo del pie, y la advertencia legal', async () => {
    renderApp('/about', makeSession());
    expect(await screen.findByText(`Derechos reservados - ${__BUILD_YEAR__}`)).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${__BUILD_YEAR__} Quipu`);
    expect(screen.getByText(/reproducción o distribución no autorizada/)).toBeInTheDocument();
  });

  it('si la llamada falla deja los valores por defecto y muestra el error', async () => {
    server.use(http.get('*/api/public/about', () => HttpResponse.json({ message: 'Versión no disponible' }, { status: 503 })));
    renderApp('/about', makeSession());
    expect(await screen.findByText('Versión no disponible')).toBeInTheDocument();
    expect(screen.getAllByText('Sin información')).toHaveLength(3);
  });

  describe('pie de página', () => {
    afterEach(() => vi.useRealTimers());

    it("lleva el año de la compilación, no el del reloj de quien la abre, como 'Derechos reservados' de 'Acerca de'", async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(`${__BUILD_YEAR__ + 5}-06-01T12:00:00Z`));
      renderApp('/about', makeSession());
      expect(await screen.findByText(`Derechos reservados - ${__BUILD_YEAR__}`)).toBeInTheDocument();
      const footer = screen.getByRole('contentinfo');
      expect(footer).toHaveTextContent(`© ${__BUILD_YEAR__} Quipu`);
      expect(footer).not.toHaveTextContent(String(__BUILD_YEAR__ + 5));
    });
  });
});
