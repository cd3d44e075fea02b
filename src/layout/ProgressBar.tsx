// A thin bar at the top while any HTTP call is in flight.
import { useSyncExternalStore } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { progress as appProgress } from '../api/client';
import type { ProgressStore } from '../api/progress';

export function ProgressBar({ store = appProgress }: { store?: ProgressStore }) {
  const inFlight = useSyncExternalStore(store.subscribe, store.count);
  if (inFlight === 0) return null;
  return (
    <LinearProgress
      aria-label="Cargando"
      color="secondary"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.tooltip + 1 }}
    />
  );
}
