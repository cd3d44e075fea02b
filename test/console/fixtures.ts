// Sessions and keys shared by the console tests.
import type { Session, SessionUser } from '../../common/sessionTypes';

/** 32 bytes, base64url: the kind of key GET /public/athena hands out. */
export const TEST_KEY = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
export const SIGNED_IN_KEY = 'ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8';

export function makeSession(user: Partial<SessionUser> = {}, emp: Partial<Session['emp']> = {}): Session {
  return {
    user: {
      id: '7',
      usuario: 'ana@quipu.test',
      nm: 'Ana',
      ap: 'Quispe',
      rol: 'ROLE_USER',
      idE: '3',
      sso: false,
      pmHist: false,
      showChannels: false,
      a: true,
      ...user,
    },
    config: { fb: false, tw: false, web: false, tg: false, wp: false, dashboardDetalles: false },
    emp: { id: '3', nm: 'Demo Internacional', audit: false, tg: false, liveAgent: false, tz: 'America/Lima', ...emp },
  };
}

/** What POST /enki answers for a session: the same, with the new signing key in config.k. */
export function enkiAnswer(session: Session, k = SIGNED_IN_KEY) {
  return { ...session, config: { ...session.config, k } };
}
