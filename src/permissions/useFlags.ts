// The signed-in user's derived flags (roles.ts), as react-admin's permissions.
import { usePermissions } from 'react-admin';
import type { Flags } from '../../common/roles';

export function useFlags(): { flags: Flags | undefined; isPending: boolean } {
  const { permissions, isPending } = usePermissions<Flags>();
  return { flags: permissions, isPending };
}
