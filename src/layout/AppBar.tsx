// The top bar: page title, the user's first name and surname, and the user menu.
import { AppBar as RaAppBar, TitlePortal } from 'react-admin';
import { CuentaMenu } from './CuentaMenu';

export function AppBar() {
  return (
    <RaAppBar color="primary" userMenu={<CuentaMenu />}>
      <TitlePortal />
    </RaAppBar>
  );
}
