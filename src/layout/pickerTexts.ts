// The date and time pickers' Spanish texts: MUI X's own (esES), with the accents its section
// names lack ('Día', which screen readers read as each date field's first part).
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import { esES } from '@mui/x-date-pickers/locales';

export const PICKER_TEXTS: Partial<PickersLocaleText> = {
  ...esES.components.MuiLocalizationProvider.defaultProps.localeText,
  day: 'Día',
  weekDay: 'Día de la semana',
};
