// A screen behind the check roles.ts ROUTES gives its path: resources' views and custom pages alike.
import type { ComponentType } from 'react';
import { RouteGuard } from './RouteGuard';
import { ROUTES } from '../../common/roles';

export function guarded(path: string, Screen: ComponentType): ComponentType {
  const check = ROUTES.find((route) => route.path === path)?.check;
  if (!check) throw new Error(`La ruta '${path}' no está en roles.ts ROUTES`);
  const Guarded = () => (
    <RouteGuard check={check}>
      <Screen />
    </RouteGuard>
  );
  Guarded.displayName = `Guarded(${Screen.displayName ?? Screen.name})`;
  return Guarded;
}
