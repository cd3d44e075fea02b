// The sidebar: exactly the links roles.ts allows for the signed-in user's flags.
import Box from '@mui/material/Box';
import { Menu as RaMenu, useTranslate } from 'react-admin';
import { sidebarLinks } from '../permissions/roles';
import { useFlags } from '../permissions/useFlags';
import { MENU_ICONS } from './menuIcons';

export function Menu() {
  const translate = useTranslate();
  const { flags } = useFlags();
  return (
    <Box component="nav" aria-label={translate('quipu.menu.label')}>
      <RaMenu>
        {flags
          ? sidebarLinks(flags).map((link) => (
              <RaMenu.Item key={link.path} to={link.path} primaryText={link.label} leftIcon={MENU_ICONS[link.path]} />
            ))
          : null}
      </RaMenu>
    </Box>
  );
}
