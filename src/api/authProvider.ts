// react-admin's authProvider over the boot session: identity 'nm ap', the derived flags as
// permissions, sign-out that always ends on the public pages.
import type { AuthProvider, UserIdentity } from 'ra-core';
import { deriveFlags, type Flags, type Rol } from '../../common/roles';
import { HttpError } from './HttpError';
import type { SessionApi } from './session';
import type { SessionStore } from './sessionStore';

export interface QuipuIdentity extends UserIdentity {
  usuario: string;
  rol: Rol;
  sso: boolean;
}

interface AuthDeps {
  store: SessionStore;
  api: Pick<SessionApi, 'login' | 'logout'>;
  /** Takes the browser to the site's root once signed out. */
  goHome?: () => void;
}

const goToRoot = () => window.history.replaceState(null, '', import.meta.env.BASE_URL);

function isSessionExpired(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401 && error.code === 'SESSION';
}

export function createAuthProvider({ store, api, goHome = goToRoot }: AuthDeps): AuthProvider {
  const signedIn = () => {
    const session = store.get();
    if (!session) throw new HttpError('Su sesión ha terminado, vuelva a ingresar.', 401, { code: 'SESSION' });
    return session;
  };

  return {
    async login({ username, password }: { username: string; password: string }) {
      store.set(await api.login(username, password));
    },
    async logout() {
      try {
        await api.logout();
      } catch {
        // The user is signed out even when the call fails.
      }
      goHome();
      store.set(null);
      return false;
    },
    async checkAuth() {
      signedIn();
    },
    async checkError(error: unknown) {
      if (isSessionExpired(error)) throw error;
    },
    async getIdentity(): Promise<QuipuIdentity> {
      const { user } = signedIn();
      return { id: user.id, fullName: `${user.nm} ${user.ap}`, usuario: user.usuario, rol: user.rol, sso: !!user.sso };
    },
    async getPermissions(): Promise<Flags> {
      const { user, emp } = signedIn();
      return deriveFlags(user, emp);
    },
  };
}
