// The session as the console receives it (the store itself is server/src/auth/sessions.ts).
import { sidebarLinks } from '../../../../common/roles';
import { hasDashboardDetails } from '../dashboard/consultas';
import { knownTimeZone } from '../../../../common/dias';
import type { SessionUser } from '../../types';

/** The {user, config, emp} answer of POST /enki. */
export function sessionInfo(user: SessionUser, k: string, config: { chatTimeZone: string; manualUrl?: string; dashboardPrerelease: boolean }) {
  return {
    user: {
      id: user.id,
      usuario: user.usuario,
      nm: user.nm,
      ap: user.ap,
      rol: user.rol,
      idE: user.idE,
      sso: user.sso,
      pmHist: user.pmHist,
      showChannels: user.showChannels,
      a: user.a,
    },
    // Channel sign-ins are not configured on this server yet, hence all false.
    config: {
      k, fb: false, tw: false, web: false, tg: false, wp: false, ts: user.emp.ts, menu: sidebarLinks(user.flags).map((l) => l.path),
      ...(config.manualUrl ? { manualUrl: config.manualUrl } : {}),
      // The dashboard offers the bots of the user's own company (GET /bots), so its name decides.
      dashboardDetalles: hasDashboardDetails(user.emp.nm, config.dashboardPrerelease),
    },
    emp: { id: user.emp.id, nm: user.emp.nm, audit: user.emp.audit, tg: user.emp.tg, liveAgent: user.emp.liveAgent, tz: knownTimeZone(user.emp.tz) ?? config.chatTimeZone },
  };
}
