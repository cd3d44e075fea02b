// A saved text action: its texts, one a line (the bot sends one of them).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AccionViewProps } from '../accionKind';

export function TextView({ accion }: AccionViewProps) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 3 }}>
      {(accion.text ?? []).map((text, i) => (
        <li key={i}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {text}
          </Typography>
        </li>
      ))}
    </Box>
  );
}
