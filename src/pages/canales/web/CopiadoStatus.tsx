// Says 'Copiado' to screen readers while a copy button shows it (a live region, not seen).
import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';

// In pixels as strings: sx reads a bare 1 as 100%, a box as wide as the card that overflowed a phone.
const unseen = { position: 'absolute', width: '1px', height: '1px', margin: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

export function CopiadoStatus({ copiado }: { copiado: boolean }) {
  const translate = useTranslate();
  return (
    <Box component="span" role="status" sx={unseen}>
      {copiado ? translate('quipu.canalWeb.copiado') : ''}
    </Box>
  );
}
