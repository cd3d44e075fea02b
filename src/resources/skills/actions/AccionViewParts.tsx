// Pieces of the saved actions' views: a labelled value, the buttons, and a card's image, title
// and subtitle (a card, and each card of a carousel).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { Button } from '../../../../common/schemas/skills';

/** 'Título: Bienvenida', the label muted; nothing when there is no value. */
export function ViewLine({ label, children }: { label: string; children?: ReactNode }) {
  const translate = useTranslate();
  if (children === undefined || children === null || children === '') return null;
  return (
    <Typography variant="body2" sx={{ my: 0.5 }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {translate(label)}:
      </Box>{' '}
      {children}
    </Typography>
  );
}

/** The buttons as the client will see them: title, and what they do ('Enlace web: https://…'). */
export function ButtonsView({ buttons, label = 'quipu.acciones.botones.grupo' }: { buttons?: readonly Button[] | null; label?: string }) {
  const translate = useTranslate();
  if (!buttons?.length) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {translate(label)}:
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {buttons.map((button, i) => (
          <li key={i}>
            <Typography variant="body2">
              <strong>{button.title}</strong>
              {button.type && ` (${translate(`quipu.acciones.botones.tipos.${button.type}`)}${button.value ? `: ${button.value}` : ''})`}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}

export interface CardPreviewProps {
  imageUrl?: string | null;
  title?: string | null;
  subtitle?: string | null;
  invalidOption?: string | null;
  buttons?: readonly Button[] | null;
}

/** A card as the client sees it: its image, title, subtitle and buttons. */
export function CardPreview({ imageUrl, title, subtitle, invalidOption, buttons }: CardPreviewProps) {
  const translate = useTranslate();
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, maxWidth: 320 }}>
      {imageUrl && (
        <Box
          component="img"
          src={imageUrl}
          alt={title ? translate('quipu.acciones.card.imagenDe', { titulo: title }) : translate('quipu.acciones.card.imagen')}
          sx={{ display: 'block', maxWidth: '100%', maxHeight: 160, objectFit: 'contain', mb: 1 }}
        />
      )}
      {title && (
        <Typography component="p" variant="subtitle2">
          {title}
        </Typography>
      )}
      {subtitle && <Typography variant="body2">{subtitle}</Typography>}
      <ViewLine label="quipu.acciones.opcionInvalida">{invalidOption}</ViewLine>
      <ButtonsView buttons={buttons} />
    </Box>
  );
}
