// One bot message, as the test chat and the history show it: TEXT, IMAGE, CARD, CAROUSEL and
// BUTTON. POSTBACK buttons answer the bot; WEB_URL opens a new tab; CALL dials; quick replies are
// chips that go away once one is chosen.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { ChatMessage } from '../api/chat';
import { buttonLinkHref } from '../../common/schemas/buttonLink';
import type { ChatButton, ChatCard } from '../../common/schemas/chat';

export type OnPostback = (button: { postback: string; title: string }, quickOf?: string) => void;

const textSx = { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } as const;

function ButtonView({ button, onPostback, disabled }: { button: ChatButton; onPostback: OnPostback; disabled: boolean }) {
  const value = button.value ?? '';
  if (button.type === 'WEB_URL') {
    // Web pages, calls and mails only: a `javascript:` value would run on the console's origin.
    const href = buttonLinkHref(value);
    if (!href) {
      return (
        <Button size="small" variant="outlined" disabled>
          {button.title}
        </Button>
      );
    }
    return (
      <Button size="small" variant="outlined" href={href} target="_blank" rel="noopener noreferrer">
        {button.title}
      </Button>
    );
  }
  if (button.type === 'CALL') {
    return (
      <Button size="small" variant="outlined" href={`tel:${value}`}>
        {button.title}
      </Button>
    );
  }
  return (
    <Button size="small" variant="outlined" disabled={disabled} onClick={() => onPostback({ postback: value || button.title, title: button.title })}>
      {button.title}
    </Button>
  );
}

function Buttons({ buttons, onPostback, disabled }: { buttons: readonly ChatButton[] | undefined; onPostback: OnPostback; disabled: boolean }) {
  if (!buttons?.length) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, mt: 1 }}>
      {buttons.map((button, index) => (
        <ButtonView key={`${button.title}-${index}`} button={button} onPostback={onPostback} disabled={disabled} />
      ))}
    </Box>
  );
}

function CardView({ card, onPostback, disabled }: { card: ChatCard; onPostback: OnPostback; disabled: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: 1, width: 220, flexShrink: 0 }}>
      {card.image_url ? <Box component="img" src={card.image_url} alt={card.title} sx={{ width: '100%', maxHeight: 140, objectFit: 'cover', borderRadius: 1 }} /> : null}
      <Typography sx={{ fontWeight: 'bold', ...textSx }}>{card.title}</Typography>
      {card.subtitle ? <Typography variant="body2" sx={textSx}>{card.subtitle}</Typography> : null}
      <Buttons buttons={card.buttons} onPostback={onPostback} disabled={disabled} />
    </Paper>
  );
}

function QuickReplies({ message, onPostback, disabled }: { message: ChatMessage; onPostback: OnPostback; disabled: boolean }) {
  const translate = useTranslate();
  return (
    <Box role="group" aria-label={translate('quipu.chat.respuestasRapidas')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
      {(message.buttons ?? []).map((button, index) => (
        <Chip
          key={`${button.title}-${index}`}
          label={button.title}
          color="primary"
          variant="outlined"
          disabled={disabled}
          onClick={() => onPostback({ postback: button.value || button.title, title: button.title }, message.id)}
        />
      ))}
    </Box>
  );
}

interface ChatMessageViewProps {
  message: ChatMessage;
  onPostback: OnPostback;
  /** Its quick replies were answered already. */
  quickUsed: boolean;
  disabled: boolean;
}

export function ChatMessageView({ message, onPostback, quickUsed, disabled }: ChatMessageViewProps) {
  const translate = useTranslate();
  const text = message.text ? <Typography sx={textSx}>{message.text}</Typography> : null;
  const buttons = message.quick ? (
    quickUsed ? null : <QuickReplies message={message} onPostback={onPostback} disabled={disabled} />
  ) : (
    <Buttons buttons={message.buttons} onPostback={onPostback} disabled={disabled} />
  );
  switch (message.type) {
    case 'IMAGE':
      return (
        <>
          <Box component="img" src={message.image_url} alt={message.title || translate('quipu.chat.imagen')} sx={{ maxWidth: '100%', maxHeight: 200, borderRadius: 1 }} />
          {text}
        </>
      );
    case 'CARD':
      return (
        <>
          {text}
          <CardView card={{ title: message.title ?? '', subtitle: message.subtitle, image_url: message.image_url, buttons: message.buttons ?? [] }} onPostback={onPostback} disabled={disabled} />
        </>
      );
    case 'CAROUSEL':
      return (
        <>
          {text}
          {/* Scrolls sideways; tabIndex lets the keyboard reach and scroll it. */}
          <Box
            component="ul"
            tabIndex={0}
            aria-label={translate('quipu.chat.carrusel')}
            sx={{ display: 'flex', gap: 1, overflowX: 'auto', listStyle: 'none', p: 0.5, m: 0, maxWidth: '100%' }}
          >
            {(message.carousel ?? []).map((card, index) => (
              <Box component="li" key={`${card.title}-${index}`} sx={{ display: 'flex' }}>
                <CardView card={card} onPostback={onPostback} disabled={disabled} />
              </Box>
            ))}
          </Box>
        </>
      );
    case 'BUTTON':
      return (
        <>
          {message.title ? <Typography sx={{ fontWeight: 'bold', ...textSx }}>{message.title}</Typography> : null}
          {text}
          {buttons}
        </>
      );
    default:
      return (
        <>
          {text ?? (message.title ? <Typography sx={textSx}>{message.title}</Typography> : null)}
          {buttons}
        </>
      );
  }
}
