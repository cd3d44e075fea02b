// An edit screen's title in the top bar, and so in the browser tab: what it is and, once read,
// which one ('Bot Ventas', 'Usuario Ana Quispe').
import { useRecordContext, useTranslate, type RaRecord } from 'react-admin';

export function RecordTitle<T extends RaRecord>({ label, name }: { label: string; name: (record: T) => string | null | undefined }) {
  const translate = useTranslate();
  const record = useRecordContext<T>();
  const which = record ? name(record)?.trim() : '';
  return <>{which ? `${translate(label)} ${which}` : translate(label)}</>;
}
