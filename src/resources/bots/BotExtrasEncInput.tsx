// Encrypted extras: a stored value is never shown (the server never sends it). A saved
// row shows its key and whether a value is stored ('Valor guardado') or must be typed again after
// an import from another installation; 'Reemplazar valor' opens a password field for a new one. A
// new row needs key and value.
import AddIcon from '@mui/icons-material/Add';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button, TextInput, required, useTranslate } from 'react-admin';
import { FormSection } from '../../layout/FormParts';
import { TextButton } from '../../layout/TextButton';
import type { Bot } from './botModel';
import { fieldRow } from './fieldRow';

type Row = Bot['extrasEnc'][number] & { val?: string };

const requerido = [required('quipu.comun.requerido')];

function ValueInput({ index, readOnly }: { index: number; readOnly: boolean }) {
  return (
    <TextInput
      source={`extrasEnc.${index}.val`}
      label="quipu.bots.valorNuevo"
      type="password"
      autoComplete="new-password"
      validate={readOnly ? undefined : requerido}
      readOnly={readOnly}
      sx={{ minWidth: 240 }}
    />
  );
}

export function BotExtrasEncInput({ readOnly }: { readOnly: boolean }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const { fields, append, remove } = useFieldArray<{ extrasEnc: Row[] }, 'extrasEnc', 'rowId'>({ name: 'extrasEnc', keyName: 'rowId' });
  const [replacing, setReplacing] = useState<Record<string, boolean>>({});

  const stopReplacing = (rowId: string, index: number) => {
    setValue(`extrasEnc.${index}.val`, undefined, { shouldDirty: true });
    setReplacing((open) => ({ ...open, [rowId]: false }));
  };

  return (
    <FormSection title="quipu.bots.seccionExtrasEnc" level="h3">
      <Stack spacing={1}>
        {fields.map((field, index) => {
          const saved = field.set !== undefined;
          const mustRetype = saved && (!field.set || !!field.retype);
          return (
            <Box key={field.rowId} sx={fieldRow} data-testid="extra-encriptado">
              <TextInput source={`extrasEnc.${index}.key`} label="quipu.bots.clave" validate={requerido} readOnly={readOnly || saved} sx={{ minWidth: 200 }} />
              {saved ? (
                <Chip
                  sx={{ mt: 2 }}
                  color={mustRetype ? 'warning' : 'success'}
                  variant="outlined"
                  label={translate(mustRetype ? 'quipu.bots.debeReingresar' : 'quipu.bots.valorGuardado')}
                />
              ) : null}
              {!saved || mustRetype || replacing[field.rowId] ? <ValueInput index={index} readOnly={readOnly} /> : null}
              {saved && !mustRetype && !readOnly ? (
                replacing[field.rowId] ? (
                  <TextButton label="quipu.bots.noReemplazar" onClick={() => stopReplacing(field.rowId, index)} sx={{ mt: 2 }} />
                ) : (
                  <TextButton label="quipu.bots.reemplazarValor" onClick={() => setReplacing((open) => ({ ...open, [field.rowId]: true }))} sx={{ mt: 2 }} />
                )
              ) : null}
              {readOnly ? null : (
                <Button label="quipu.bots.quitar" onClick={() => remove(index)} sx={{ mt: 2 }}>
                  <RemoveCircleOutlineIcon />
                </Button>
              )}
            </Box>
          );
        })}
        {readOnly ? null : (
          <Box>
            <Button label="quipu.bots.agregarEncriptado" onClick={() => append({ key: '', val: '' } as Row)}>
              <AddIcon />
            </Button>
          </Box>
        )}
      </Stack>
    </FormSection>
  );
}
