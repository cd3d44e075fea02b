// Opens a route only when its check (roles.ts ROUTES) allows it; otherwise says so in Spanish.
import type { ReactNode } from 'react';
import { Loading } from 'react-admin';
import { SinAccesoPage } from '../pages/sinAcceso/SinAccesoPage';
import { canOpen, type RouteCheck } from '../../common/roles';
import { useFlags } from '../permissions/useFlags';

export function RouteGuard({ check, children }: { check: RouteCheck; children: ReactNode }) {
  const { flags, isPending } = useFlags();
  if (isPending) return <Loading />;
  return flags && canOpen(check, flags) ? children : <SinAccesoPage />;
}
