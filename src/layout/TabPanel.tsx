// The panel of one tab of an editor (the bot's, the skill's): labelled by its tab button, hidden
// while another tab is shown. Ids are `{idPrefix}-{name}` and `{idPrefix}-{name}-boton`.
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export function TabPanel<T extends string>({ idPrefix, name, current, children }: { idPrefix: string; name: T; current: T; children: ReactNode }) {
  return (
    <Box role="tabpanel" id={`${idPrefix}-${name}`} aria-labelledby={`${idPrefix}-${name}-boton`} hidden={name !== current} sx={{ pt: 2 }}>
      {children}
    </Box>
  );
}
