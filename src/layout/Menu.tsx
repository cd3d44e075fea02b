// The sidebar: exactly the links roles.ts allows for the signed-in user's flags, in the order of
// roles.ts SIDEBAR_LINKS. A link to a resource takes its label and icon from the resource; the
// others from quipu.menu.* and menuIcons. A link whose screen is not built yet says 'Próximamente'
// in its name: which are built, the app's route table knows (src/routes.tsx isBuilt, handed in by
// App, since the pages sit above the layout).
import Box from '@mui/material/Box';
import { Menu as RaMenu, useGetResourceLabel, useResourceDefinitions, useTranslate } from 'react-admin';
import { sidebarLinks } from '../../common/roles';
import { useFlags } from '../permissions/useFlags';
import { MENU_ICONS } from './menuIcons';

export function Menu({ isBuilt }: { isBuilt: (path: string) => boolean }) {
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
              const label = resource ? resourceLabel(name, 2) : translate(`quipu.menu.${name}`);
              return (
                <RaMenu.Item
                  key={path}
                  to={path}
                  primaryText={
                    isBuilt(path) ? (
                      label
                    ) : (
                      // The mark goes under the label: beside it, the sidebar's width would cut it short.
                      <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', lineHeight: 1.25 }}>
                        {label}{' '}
                        <Box
                          component="span"
                          sx={{ mt: 0.25, px: 0.75, py: 0.125, border: 1, borderColor: 'divider', borderRadius: 1, color: 'text.secondary', fontSize: '0.6875rem', whiteSpace: 'nowrap' }}
                        >
                          {translate('quipu.menu.proximamente')}
                        </Box>
                      </Box>
                    )
                  }
                  leftIcon={Icon ? <Icon /> : MENU_ICONS[path]}
                />
              );
            })
          : null}
      </RaMenu>
    </Box>
  );
}
