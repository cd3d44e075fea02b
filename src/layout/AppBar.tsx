// The top bar: page title, the user's first name and surname, and the user menu. The page title
// that every screen puts here (react-admin's <Title>) also names the browser tab.
import { useState } from 'react';
import { AppBar as RaAppBar, TitlePortal } from 'react-admin';
import { CuentaMenu } from './CuentaMenu';
import { useDocumentTitle, useTextOf } from './documentTitle';

export function AppBar() {
  const [titleBox, setTitleBox] = useState<HTMLElement | null>(null);
  useDocumentTitle(useTextOf(titleBox));
  return (
    <RaAppBar color="primary" userMenu={<CuentaMenu />}>
      <TitlePortal ref={setTitleBox} />
    </RaAppBar>
  );
}
