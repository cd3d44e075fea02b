// A calendar day picked as DD/MM/YYYY and held as YYYY-MM-DD (the wire's day): the Desde and Hasta
// of the dashboard, the history and 'Ver uso'. A day being typed is handed up only once it is
// whole: its year's four digits typed, or the field left, or Enter pressed. Until then it stays on
// screen and nothing is checked, so the days a date passes through digit by digit raise no rule.
// A day chosen in the calendar, stepped with the arrows or pasted is handed up at once.
import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { es } from 'date-fns/locale/es';
import { isDay } from '../../common/dias';
import { FORMATOS } from './fecha';
import { PICKER_TEXTS } from './pickerTexts';

const pad = (n: number) => String(n).padStart(2, '0');

/** The picker works with local Dates: the day's own midnight, whatever the time zone. */
function toDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/** The YYYY-MM-DD of a whole date (a four-digit year), or null. */
function wholeDay(date: Date | null): string | null {
  if (!date || Number.isNaN(date.getTime()) || date.getFullYear() < 1000) return null;
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return isDay(day) ? day : null;
}

/** Digits a year takes: typing the last one completes a date written day, month, year. */
const YEAR_DIGITS = 4;

export interface DayFieldProps {
  label: string;
  /** YYYY-MM-DD. */
  value: string;
  onChange: (day: string) => void;
  error?: string | null;
  id: string;
  /** The field's width; 180 px unless told. */
  width?: number | string;
  sx?: SxProps<Theme>;
}

export function DayField({ label, value, onChange, error, id, width = 180, sx }: DayFieldProps) {
  // A day being typed, over the value it started from; gone once handed up or when the value changes.
  const [draft, setDraft] = useState<{ from: string; date: Date | null } | null>(null);
  // What the keys typed so far say: a digit is being typed, and how many went into the year.
  const typing = useRef({ digit: false, yearDigits: 0 });
  const shown = draft && draft.from === value ? draft.date : toDate(value);

  const handUp = (date: Date | null) => {
    const day = wholeDay(date);
    if (!day) return false;
    setDraft(null);
    if (day !== value) onChange(day);
    return true;
  };
  const finish = () => {
    typing.current = { digit: false, yearDigits: 0 };
    if (draft && draft.from === value) handUp(draft.date);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.getAttribute('role') !== 'spinbutton') return;
    if (event.key === 'Enter') return finish();
    if (!/^\d$/.test(event.key) || event.ctrlKey || event.metaKey || event.altKey) {
      typing.current = { digit: false, yearDigits: 0 };
      return;
    }
    const sections = event.currentTarget.querySelectorAll('[role="spinbutton"]');
    const inYear = sections[sections.length - 1] === target;
    typing.current = { digit: true, yearDigits: inYear ? typing.current.yearDigits + 1 : 0 };
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    // Moving between the day's parts is not leaving it.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) finish();
  };

  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={es} localeText={PICKER_TEXTS}>
      <DatePicker
        label={label}
        value={shown}
        format={FORMATOS.dia}
        onChange={(next) => {
          const { digit, yearDigits } = typing.current;
          const whole = !digit || yearDigits >= YEAR_DIGITS;
          if (whole && handUp(next)) typing.current = { digit: false, yearDigits: 0 };
          else setDraft({ from: value, date: next });
        }}
        slotProps={{
          textField: {
            id,
            size: 'small',
            error: !!error,
            helperText: error || ' ',
            onKeyDownCapture: onKeyDown,
            onBlur,
            // The rule a day breaks is read out when it appears.
            slotProps: { formHelperText: { 'aria-live': 'polite' } },
            sx: [{ width, maxWidth: '100%' }, ...(Array.isArray(sx) ? sx : [sx])],
          },
        }}
      />
    </LocalizationProvider>
  );
}
