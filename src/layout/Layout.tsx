// The signed-in frame: react-admin's Layout with our AppBar and the menu App gives it, the progress
// bar and the footer, and the one guard that asks before unsaved changes are left behind.
import type { ComponentType, ReactNode } from 'react';
import Box from '@mui/material/Box';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar';
import { Footer } from './Footer';
import { ProgressBar } from './ProgressBar';
import { Sidebar } from './Sidebar';
import { UnsavedChangesProvider } from './unsavedChanges';

export function Layout({ children, menu }: { children: ReactNode; menu: ComponentType }) {
  return (
    <UnsavedChangesProvider>
      <RaLayout appBar={AppBar} menu={menu} sidebar={Sidebar}>
        <ProgressBar />
        <Box sx={{ flexGrow: 1 }}>{children}</Box>
        <Footer />
      </RaLayout>
    </UnsavedChangesProvider>
  );
}
