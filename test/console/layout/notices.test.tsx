// Notices at the top right that go away after 12 s, and the progress bar that
// follows HTTP activity.
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProgressStore } from '../../../src/api/progress';
import { ProgressBar } from '../../../src/layout/ProgressBar';
import { PublicNotices, useNotice } from '../../../src/layout/PublicNotices';

function Trigger() {
  const notify = useNotice();
  return (
    <button type="button" onClick={() => notify('Guardado con éxito', 'success')}>
      avisar
    </button>
  );
}

describe('avisos de las páginas públicas', () => {
  afterEach(() => vi.useRealTimers());

  it('aparecen arriba a la derecha y se van solos a los 12 s', async () => {
    vi.useFakeTimers();
    render(
      <PublicNotices>
        <Trigger />
      </PublicNotices>,
    );
    act(() => screen.getByRole('button', { name: 'avisar' }).click());
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Guardado con éxito');
    expect(alert.closest('.MuiSnackbar-root')).toHaveClass('MuiSnackbar-anchorOriginTopRight');
    await act(() => vi.advanceTimersByTimeAsync(11_900));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('barra de progreso', () => {
  it('se ve mientras hay llamadas en curso', () => {
    const progress = createProgressStore();
    render(<ProgressBar store={progress} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    act(() => progress.start());
    act(() => progress.start());
    act(() => progress.done());
    expect(screen.getByRole('progressbar', { name: 'Cargando' })).toBeInTheDocument();
    act(() => progress.done());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
