// What the web channel's sections share: the row their inputs sit in, and the size and welcome
// height checks, as react-admin validators (they answer a catalogue key).
import { required } from 'react-admin';
import { isCssLength, isWelcomeHeight } from './canalWebModel';

/** Inputs side by side, wrapping on narrow screens; each takes the whole width below 600 px. */
export const inputRow = {
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: 2,
  alignItems: 'flex-start',
  '& > *': { width: { xs: '100%', sm: 'auto' } },
} as const;

const cssLength = (value: unknown) => (typeof value !== 'string' || !value.trim() || isCssLength(value) ? undefined : 'quipu.canalWeb.medidaInvalida');

/** A size the widget needs (the chat's width and height). */
export const validateSize = [required('quipu.comun.requerido'), cssLength];
/** A size the widget can do without (it then uses its own). */
export const validateOptionalSize = [cssLength];

export const validateWelcomeHeight = (value: unknown) => (isWelcomeHeight(value) ? undefined : 'quipu.canalWeb.alturaBienvenida');
