// The buttons of a card, a buttons action, a carousel card or a quick reply:
// type, title ≤ 50, subtitle ≤ 50, value ≤ 150 and render ≤ 30, with counters; Facebook's
// three-button warning; and a limit where the kind has one (quick replies: 3).
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { useFieldArray, useWatch } from 'react-hook-form';
import { LIMITS, type ActionType, type ButtonType } from '../../../../../common/schemas/skillRules';
import { facebookWarning } from '../../../../../common/actions/shared';
import { emptyButton } from '../accionModel';
import { FormSelect, FormTextField, ListError } from './FormInputs';

/** Quick replies that ask the client's channel for the value (its location, phone, email) carry none. */
const ASKS_CLIENT: ReadonlySet<string> = new Set(['LOCATION', 'PHONE', 'EMAIL']);

function ButtonRow({ name, label, types, onRemove }: { name: string; label: string; types: readonly ButtonType[]; onRemove: () => void }) {
  const translate = useTranslate();
  const options = types.map((type) => ({ value: type, label: translate(`quipu.acciones.botones.tipos.${type}`) }));
  const type = useWatch({ name: `${name}.type` }) as string;
  return (
    <Box role="group" aria-label={label} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(5, 1fr) auto' }, gap: 1, alignItems: 'start', mb: 1 }}>
      <FormSelect name={`${name}.type`} label="quipu.acciones.botones.tipo" options={options} placeholder="quipu.acciones.seleccione" />
      <FormTextField name={`${name}.title`} label="quipu.acciones.botones.titulo" max={LIMITS.buttonTitle} />
      <FormTextField name={`${name}.subtitle`} label="quipu.acciones.botones.subtitulo" max={LIMITS.buttonSubtitle} />
      {!ASKS_CLIENT.has(type) && <FormTextField name={`${name}.value`} label="quipu.acciones.botones.valor" max={LIMITS.buttonValue} />}
      <FormTextField name={`${name}.render`} label="quipu.acciones.botones.render" max={LIMITS.buttonRender} />
      <IconButton aria-label={translate('quipu.acciones.quitarNombre', { nombre: label })} onClick={onRemove} sx={{ mt: 1 }}>
        <DeleteIcon />
      </IconButton>
    </Box>
  );
}

export interface ButtonsInputProps {
  /** The form path of the Button[] ('buttons', 'carousel.2.buttons'). */
  name: string;
  /** The action's kind: which button types it takes and whether Facebook's limit applies. */
  kind: ActionType;
  types: readonly ButtonType[];
  /** The most buttons the kind takes, and what to say at that limit. */
  max?: number;
  maxMessage?: string;
  /** The group's heading ('Botones', 'Botones de la tarjeta 2'). */
  title?: string;
  /** Each button's name ('Botón 1'; in a carousel 'Tarjeta 2, botón 1', unique on the page). */
  rowLabel?: (n: number) => string;
}

export function ButtonsInput({ name, kind, types, max, maxMessage, title, rowLabel }: ButtonsInputProps) {
  const translate = useTranslate();
  const headingId = useId();
  const { fields, append, remove } = useFieldArray({ name });
  const atMax = max !== undefined && fields.length >= max;
  const warning = facebookWarning({ type: kind, buttons: fields.map(() => ({})) });
  const heading = title ?? translate('quipu.acciones.botones.grupo');
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography id={headingId} component="h4" variant="subtitle2">
        {heading}
      </Typography>
      {fields.map((field, i) => (
        <ButtonRow key={field.id} name={`${name}.${i}`} label={rowLabel ? rowLabel(i + 1) : translate('quipu.acciones.botones.boton', { n: i + 1 })} types={types} onRemove={() => remove(i)} />
      ))}
      <ListError name={name} />
      {warning && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {warning}
        </Alert>
      )}
      <Button startIcon={<AddIcon />} onClick={() => append(emptyButton())} disabled={atMax}>
        {translate('quipu.acciones.botones.agregar')}
      </Button>
      {atMax && maxMessage && <FormHelperText>{maxMessage}</FormHelperText>}
    </Box>
  );
}
