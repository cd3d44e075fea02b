// Rows of a name and a value: a webhook's headers and body fields, the values handed to a skill,
// and where a webhook's answer goes in memory (path → k). Each row needs both
// ('Cada fila necesita nombre y valor').
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useFieldArray } from 'react-hook-form';
import { FormTextField, ListError } from './FormInputs';

export interface KeyValueRowsProps {
  /** The form path of the rows ('headers', 'fields', 'resp'). */
  name: string;
  /** i18n keys: the group's heading, each row's name ('Cabecera %{n}'), the add button. */
  title: string;
  rowLabel: string;
  addLabel: string;
  /** The two fields of a row and their labels (k/v by default; resp uses path/k). */
  keyField?: string;
  valueField?: string;
  keyLabel: string;
  valueLabel: string;
  helper?: ReactNode;
}

export function KeyValueRows({ name, title, rowLabel, addLabel, keyField = 'k', valueField = 'v', keyLabel, valueLabel, helper }: KeyValueRowsProps) {
  const translate = useTranslate();
  const headingId = useId();
  const helperId = useId();
  const { fields, append, remove } = useFieldArray({ name });
  return (
    <Box component="section" aria-labelledby={headingId} aria-describedby={helper ? helperId : undefined} sx={{ mt: 2 }}>
      <Typography id={headingId} component="h4" variant="subtitle2">
        {translate(title)}
      </Typography>
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
      {fields.map((field, i) => {
        const label = translate(rowLabel, { n: i + 1 });
        return (
          <Box key={field.id} role="group" aria-label={label}>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr auto' }, gap: 1, alignItems: 'start' }}>
              <FormTextField name={`${name}.${i}.${keyField}`} label={keyLabel} />
              <FormTextField name={`${name}.${i}.${valueField}`} label={valueLabel} />
              <IconButton aria-label={translate('quipu.acciones.quitarNombre', { nombre: label })} onClick={() => remove(i)} sx={{ mt: 1 }}>
                <DeleteIcon />
              </IconButton>
            </Box>
            <ListError name={`${name}.${i}`} />
          </Box>
        );
      })}
      <Button startIcon={<AddIcon />} onClick={() => append({ [keyField]: '', [valueField]: '' })}>
        {translate(addLabel)}
      </Button>
    </Box>
  );
}
