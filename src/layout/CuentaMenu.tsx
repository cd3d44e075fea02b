// The user menu of the top bar: 'Mi empresa' for ROLE_SUPERVISOR, 'Cambiar contraseña' unless
// the user signs in through Microsoft, and 'Salir'.
import type { ReactElement } from 'react';
import BusinessIcon from '@mui/icons-material/Business';
import LockResetIcon from '@mui/icons-material/LockReset';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { LinkBase, Logout, UserMenu, useGetIdentity, useTranslate, useUserMenu } from 'react-admin';
import type { QuipuIdentity } from '../api/authProvider';
import { showsCambiarPassword, showsMiEmpresa } from '../permissions/roles';
import { useFlags } from '../permissions/useFlags';

interface UserMenuLinkProps {
  to: string;
  label: string;
  icon: ReactElement;
}

function UserMenuLink({ to, label, icon, ...menuProps }: UserMenuLinkProps) {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem component={LinkBase} to={to} onClick={userMenu?.onClose} {...menuProps}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
    </MenuItem>
  );
}

export function CuentaMenu() {
  const { flags } = useFlags();
  const { identity } = useGetIdentity();
  const user = identity as QuipuIdentity | undefined;
  return (
    <UserMenu>
      {flags && showsMiEmpresa(flags) ? (
        <UserMenuLink to="/cuenta" label="quipu.userMenu.miEmpresa" icon={<BusinessIcon />} />
      ) : null}
      {user && showsCambiarPassword(user) ? (
        <UserMenuLink to="/cambiar" label="quipu.userMenu.cambiarPassword" icon={<LockResetIcon />} />
      ) : null}
      <Logout />
    </UserMenu>
  );
}
