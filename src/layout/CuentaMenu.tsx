// The user menu of the top bar: 'Mi empresa' for ROLE_SUPERVISOR, 'Cambiar contraseña' unless
// the user signs in through Microsoft, and 'Salir'. The button's name starts with the name it
// shows ('Ana Quispe (perfil)'), so speech and voice control find it by what is on screen.
import type { ReactElement } from 'react';
import BusinessIcon from '@mui/icons-material/Business';
import LockResetIcon from '@mui/icons-material/LockReset';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { LinkBase, Logout, UserMenu, useGetIdentity, useTranslate, useUserMenu } from 'react-admin';
import type { QuipuIdentity } from '../api/authProvider';
import { showsCambiarPassword, showsMiEmpresa } from '../../common/roles';
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
  const translate = useTranslate();
  const user = identity as QuipuIdentity | undefined;
  // react-admin shows the name from 600 px up (MUI's 'sm'); below, only an icon, named 'Perfil'.
  const showsName = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const label = showsName && user?.fullName ? translate('quipu.userMenu.botonCon', { nombre: user.fullName }) : 'quipu.userMenu.boton';
  return (
    <UserMenu label={label}>
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
