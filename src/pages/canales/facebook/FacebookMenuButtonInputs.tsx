// One button of the persistent menu: its type (WEB_URL or POSTBACK), title and value, each with
// the rule it breaks ('campo requerido', at most 50 characters), and the control that removes it.
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import { MENU_BUTTON_TYPES, MENU_LIMITS, type MenuButtonType } from '../../../api/canales';
import { buttonFieldError, type MenuButtonValues } from './facebookModel';

interface FacebookMenuButtonInputsProps {
  n: number;
  button: MenuButtonValues;
  /** Whether the rules are shown (after a try to save, or once the field was left). */
  showErrors: { title: boolean; value: boolean };
  onChange: (button: MenuButtonValues) => void;
  onBlur: (field: 'title' | 'value') => void;
  onRemove: () => void;
}

export function FacebookMenuButtonInputs({ n, button, showErrors, onChange, onBlur, onRemove }: FacebookMenuButtonInputsProps) {
  const translate = useTranslate();
  const id = `fb-menu-${n}`;
  const error = (field: 'title' | 'value') => (showErrors[field] ? buttonFieldError(button[field]) : undefined);
  const text = (field: 'title' | 'value', label: string) => {
    const problem = error(field);
    return (
      <TextField
        id={`${id}-${field}`}
        label={translate(label)}
        value={button[field]}
        size="small"
        required
        error={!!problem}
        helperText={problem ? translate(problem) : ' '}
        onChange={(event) => onChange({ ...button, [field]: event.target.value })}
        onBlur={() => onBlur(field)}
        slotProps={{ htmlInput: { maxLength: MENU_LIMITS.text } }}
        sx={{ flex: '1 1 180px' }}
      />
    );
  };
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {translate('quipu.facebook.boton', { n })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          select
          id={`${id}-type`}
          label={translate('quipu.facebook.tipo')}
          value={button.type}
          size="small"
          helperText=" "
          onChange={(event) => onChange({ ...button, type: event.target.value as MenuButtonType })}
          sx={{ minWidth: 140 }}
        >
          {MENU_BUTTON_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {type}
            </MenuItem>
          ))}
        </TextField>
        {text('title', 'quipu.facebook.titulo')}
        {text('value', 'quipu.facebook.valor')}
        <IconButton aria-label={translate('quipu.facebook.quitarBoton', { n })} onClick={onRemove} sx={{ mt: 0.5 }}>
          <DeleteIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
