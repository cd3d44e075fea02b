// Shaping of user records for the form: the defaults of a new user and the role rules
// of the form put together.
import { assignableRoles, canEditRoleOf, newUserDefaultRole, ROLE_LABELS, isRol, type Flags, type Rol } from '../../../common/roles';
import type { UsuarioRecord } from '../../../common/schemas/usuarios';

/** The server's user record, with the role narrowed to the known roles. */
export type Usuario = Omit<UsuarioRecord, 'rol'> & { rol: Rol };

/** A new user: ROLE_USER (ROLE_ADMINUSER when an admin creates it), active, in the creator's company unless the creator is admin. */
export function newUsuario(flags: Flags, creatorIdE: string | undefined): Partial<Usuario> {
  return {
    rol: newUserDefaultRole(flags),
    idE: flags.isAdmin ? undefined : creatorIdE,
    a: true,
    sso: false,
    pmHist: false,
    showChannels: false,
  };
}

export function roleLabel(rol: unknown): string {
  return isRol(rol) ? ROLE_LABELS[rol] : String(rol ?? '');
}

export function roleChoices(flags: Flags): Array<{ id: Rol; name: string }> {
  return assignableRoles(flags).map((rol) => ({ id: rol, name: ROLE_LABELS[rol] }));
}

/**
 * Whether the editor picks the role of this user: never its own as adminuser, and never a user
 * whose current role is beyond what the editor may assign.
 */
export function choosesRole(flags: Flags, editorId: string, target: Partial<Usuario> | undefined): boolean {
  if (!canEditRoleOf(flags, editorId, target?.id)) return false;
  return !target?.id || (isRol(target.rol) && assignableRoles(flags).includes(target.rol));
}
