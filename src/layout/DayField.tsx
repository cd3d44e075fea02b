// A calendar day picked as DD/MM/YYYY and held as YYYY-MM-DD (the wire's day): the Desde and Hasta
// of the dashboard, the history and 'Ver uso'. A day typed halfway stays on screen and is not handed up.
import { useState } from 'react';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { esES } from '@mui/x-date-pickers/locales';
import { es } from 'date-fns/locale/es';
import { isDay } from '../../common/dias';

const pickerText = esES.components.MuiLocalizationProvider.defaultProps.localeText;
const pad = (n: number) => String(n).padStart(2, '0');

/** The picker works with local Dates: the day's own midnight, whatever the time zone. */
function toDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}
const toDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export interface DayFieldProps {
  label: string;
  /** YYYY-MM-DD. */
  value: string;
  onChange: (day: string) => void;
  error?: string | null;
  id: string;
}

export function DayField({ label, value, onChange, error, id }: DayFieldProps) {
  // What the picker shows: the value, or a day being typed (an Invalid Date until it is whole).
  const [shown, setShown] = useState<{ value: string; date: Date | null }>({ value, date: toDate(value) });
  const date = shown.value === value ? shown.date : toDate(value);
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={es} localeText={pickerText}>
      <DatePicker
        label={label}
        value={date}
        format="dd/MM/yyyy"
        onChange={(next) => {
          const day = next && !Number.isNaN(next.getTime()) ? toDay(next) : null;
          if (day && isDay(day) && next!.getFullYear() >= 1000) {
            setShown({ value: day, date: next });
            if (day !== value) onChange(day);
          } else {
            setShown({ value, date: next });
          }
        }}
        slotProps={{ textField: { id, size: 'small', error: !!error, helperText: error || ' ', sx: { width: 180, maxWidth: '100%' } } }}
      />
    </LocalizationProvider>
  );
}
