// Shapes the /enki answer: config flags default to false and the company to the administrative
// one; the signing key is taken out so it never reaches the session store.
import type { AthenaAnswer, Session, SessionConfig, SessionEmpresa, SessionUser } from '../../common/sessionTypes';

interface EnkiAnswer {
  user: SessionUser;
  config?: Partial<SessionConfig> & { k?: string };
  emp?: Partial<SessionEmpresa> | null;
}

export const DEFAULT_BRAND = { name: 'Quipu', alt: false };

/** The zone the browser runs in. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

// Until the server names the company's time zone, the browser's.
const DEFAULT_EMPRESA: SessionEmpresa = { id: '', nm: 'Administración', audit: false, tg: false, liveAgent: false, tz: browserTimeZone() };

export function toSession(answer: EnkiAnswer): { session: Session; key: string | undefined } {
  const { k, ...config } = answer.config ?? {};
  return {
    key: k,
    session: {
      user: answer.user,
      config: { fb: false, tw: false, web: false, tg: false, wp: false, dashboardDetalles: false, ...config },
      emp: { ...DEFAULT_EMPRESA, ...(answer.emp ?? {}) },
    },
  };
}

export function toAthena(answer: unknown): AthenaAnswer {
  const { k, brand, microsoft, sesion } = (answer ?? {}) as Partial<AthenaAnswer>;
  // A server that does not say whether a session exists is asked, as POST /enki answers it.
  return { k: k ?? '', brand: { name: brand?.name || DEFAULT_BRAND.name, alt: !!brand?.alt }, microsoft: microsoft === true, sesion: sesion !== false };
}
