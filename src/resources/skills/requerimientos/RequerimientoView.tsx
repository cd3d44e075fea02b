// A saved requirement read as sentences: how its fields combine, each field
// ('Correo electrónico · text · Está presente') and the messages for a missing one.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { fieldSentence, toFieldRow, type EntityOption } from '../fields/fieldModel';
import type { Requerimiento } from '../../../api/skills';

export function RequerimientoView({ record, entities }: { record: Requerimiento; entities: EntityOption[] }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`quipu.requerimientos.${key}`);
  return (
    <Box>
      <Typography variant="body2">
        {t('op')}: {t(record.op === 'OR' ? 'opOr' : 'opAnd')}
      </Typography>
      <Box component="ol" aria-label={t('campos')} sx={{ my: 1, pl: 3 }}>
        {record.fields.map((field, index) => {
          const row = toFieldRow(field);
          return (
            <li key={index}>
              <Typography variant="body2">
                {fieldSentence(row, entities)}
                {row.replyMissing ? ` — ${t('campo.mensaje')}: ${row.replyMissing}` : ''}
              </Typography>
            </li>
          );
        })}
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('mensajes')}
      </Typography>
      {record.replyMissing.length ? (
        <Box component="ul" aria-label={t('mensajes')} sx={{ my: 0.5, pl: 3 }}>
          {record.replyMissing.map((message, index) => (
            <li key={index}>
              <Typography variant="body2">{message}</Typography>
            </li>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('sinMensajes')}
        </Typography>
      )}
    </Box>
  );
}
