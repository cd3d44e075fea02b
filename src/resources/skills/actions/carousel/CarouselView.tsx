// A saved carousel: its cards side by side, as the client scrolls through them.
import Box from '@mui/material/Box';
import type { AccionViewProps } from '../accionKind';
import { CardPreview } from '../AccionViewParts';

export function CarouselView({ accion }: AccionViewProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {(accion.carousel ?? []).map((card, i) => (
        <Box key={i} sx={{ width: 240, maxWidth: '100%' }}>
          <CardPreview {...card} />
        </Box>
      ))}
    </Box>
  );
}
