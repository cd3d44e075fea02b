// The sidebar: exactly the links roles.ts allows for the signed-in user's flags, in the spec's
// order. A link to a resource takes its label and icon from the resource; the others from
// quipu.menu.* and menuIcons.
import Box from '@mui/material/Box';
import { Menu as RaMenu, useGetResourceLabel, useResourceDefinitions, useTranslate } from 'react-admin';
import { sidebarLinks } from '../permissions/roles';
import { useFlags } from '../permissions/useFlags';
import { MENU_ICONS } from './menuIcons';

export function Menu() {
  const translate = useTranslate();
  const resources = useResourceDefinitions();
  const resourceLabel = useGetResourceLabel();
  const { flags } = useFlags();
  return (
    <Box component="nav" aria-label={translate('quipu.menu.label')}>
      <RaMenu>
        {flags
          ? sidebarLinks(flags).map(({ path }) => {
              const name = path.slice(1);
              const resource = resources[name];
              const Icon = resource?.icon;
              return (
                <RaMenu.Item
                  key={path}
                  to={path}
                  primaryText={resource ? resourceLabel(name, 2) : translate(`quipu.menu.${name}`)}
                  leftIcon={Icon ? <Icon /> : MENU_ICONS[path]}
                />
              );
            })
          : null}
      </RaMenu>
    </Box>
  );
}
