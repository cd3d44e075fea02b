// The company a screen that works on one company (Dashboard, Historial, Canales) works on. Everyone
// works on their own, except the system admin, whose own company is an administrative one without
// bots or channels: the admin picks one (layout/EmpresaPicker), kept for the browser tab so that
// moving between those screens, or reloading, keeps it.
import { useSyncExternalStore } from 'react';
import { useGetList } from 'react-admin';
import { canChooseCompany, deriveFlags } from '../../common/roles';
import type { Empresa } from '../../common/schemas/empresas';
import { empresaTimeZone } from './empresaTimeZone';
import { useSession } from './useSession';

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// Per user: another account signed in on the same tab starts with no company picked.
const storageKey = (userId: string) => `quipu.empresa.${userId}`;
// Where the choice stays when the browser refuses session storage (private mode): while the page is open.
const memory = new Map<string, string>();

function readChoice(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeChoice(key: string, idE: string) {
  try {
    sessionStorage.setItem(key, idE);
  } catch {
    memory.set(key, idE);
  }
  listeners.forEach((listener) => listener());
}

/** GET /empresa by name: one list the picker and the screens share (react-query keeps it once). */
const EMPRESA_LIST = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'nm', order: 'ASC' } } as const;

export interface EmpresaScope {
  /** The system admin picks the company; nobody else does. */
  picks: boolean;
  /** The company the screen works on; null while the admin has not picked one (or it no longer exists). */
  idE: string | null;
  /** That company's Telegram flag and time zone. */
  tg: boolean;
  tz: string;
  /** Every company, by name (the admin's only). */
  empresas: Empresa[] | undefined;
  isPending: boolean;
  error: unknown;
  choose: (idE: string) => void;
}

/** `of`: a record's own company (a channel already opened) instead of the one picked. */
export function useEmpresaScope(of?: string): EmpresaScope {
  const session = useSession();
  const picks = !!session && canChooseCompany(deriveFlags(session.user));
  const key = storageKey(session?.user.id ?? '');
  const stored = useSyncExternalStore(subscribe, () => readChoice(key) ?? memory.get(key) ?? null);
  const list = useGetList<Empresa>('empresas', EMPRESA_LIST, { enabled: picks, retry: false });
  if (!picks) {
    return { picks, idE: session?.user.idE ?? null, tg: !!session?.emp.tg, tz: empresaTimeZone(session), empresas: undefined, isPending: false, error: null, choose: () => undefined };
  }
  const wanted = of || stored;
  const empresa = list.data?.find((row) => row.id === wanted);
  // A company picked earlier that the list no longer has (deleted) is no choice; while the list loads it still counts.
  const idE = wanted && (empresa || !list.data) ? wanted : null;
  return {
    picks,
    idE,
    tg: !!empresa?.tg,
    tz: empresaTimeZone(session, empresa),
    empresas: list.data,
    isPending: list.isPending,
    error: list.error,
    choose: (next) => writeChoice(key, next),
  };
}
