// WhatsApp's exclusions: rows of number and name that the bot never answers;
// 'Agregar' adds a row, each row has its delete button.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { Button, TextInput, required, useTranslate } from 'react-admin';
import { useFieldArray } from 'react-hook-form';
import { FormSection } from '../../../layout/FormParts';
import { useCanalEditorContext } from '../common';

const validateNumero = [required('quipu.canales.requerido')];

export function ExclusionesInput() {
  const translate = useTranslate();
  const { readOnly } = useCanalEditorContext();
  const { fields, append, remove } = useFieldArray({ name: 'excluir' });
  return (
    <FormSection title="quipu.canales.whatsapp.exclusiones">
      <Typography variant="body2" color="text.secondary">
        {translate('quipu.canales.whatsapp.exclusionesAyuda')}
      </Typography>
      {fields.length === 0 ? <Typography variant="body2">{translate('quipu.canales.whatsapp.sinExclusiones')}</Typography> : null}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {fields.map((field, index) => (
          <Box component="li" key={field.id} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
            <TextInput
              source={`excluir.${index}.numero`}
              label="quipu.canales.whatsapp.numero"
              validate={validateNumero}
              readOnly={readOnly}
              type="tel"
              sx={{ width: 220 }}
            />
            <TextInput source={`excluir.${index}.nombre`} label="quipu.canales.whatsapp.nombre" readOnly={readOnly} sx={{ width: 280 }} />
            {readOnly ? null : (
              <IconButton aria-label={translate('quipu.canales.whatsapp.quitar', { n: index + 1 })} onClick={() => remove(index)} sx={{ mt: 1 }}>
                <DeleteIcon />
              </IconButton>
            )}
          </Box>
        ))}
      </Box>
      {readOnly ? null : (
        <Button label="quipu.canales.whatsapp.agregar" onClick={() => append({ numero: '', nombre: '' })} sx={{ alignSelf: 'flex-start' }}>
          <AddIcon />
        </Button>
      )}
    </FormSection>
  );
}
