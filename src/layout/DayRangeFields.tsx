// Desde and Hasta, the two days of a range (the dashboard's, the history's, 'Ver uso''s), each with
// the rule it breaks under it; which rules a range has is the screen's own.
import { useTranslate } from 'react-admin';
import { DayField } from './DayField';

export interface DayRangeFieldsProps {
  /** The fields' ids are `${idPrefix}-fd` and `${idPrefix}-fh`. */
  idPrefix: string;
  /** YYYY-MM-DD, both. */
  fd: string;
  fh: string;
  errors: { fd?: string | null; fh?: string | null };
  /** The day the user moved, alone. */
  onChange: (change: { fd: string } | { fh: string }) => void;
  /** Each field's width; DayField's unless told. */
  width?: number | string;
}

export function DayRangeFields({ idPrefix, fd, fh, errors, onChange, width }: DayRangeFieldsProps) {
  const translate = useTranslate();
  return (
    <>
      <DayField id={`${idPrefix}-fd`} label={translate('quipu.rangoDias.desde')} value={fd} onChange={(day) => onChange({ fd: day })} error={errors.fd} width={width} />
      <DayField id={`${idPrefix}-fh`} label={translate('quipu.rangoDias.hasta')} value={fh} onChange={(day) => onChange({ fh: day })} error={errors.fh} width={width} />
    </>
  );
}
