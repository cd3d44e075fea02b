// Extras: key/value rows; both are required ('Campo requerido').
import { ArrayInput, SimpleFormIterator, TextInput, required } from 'react-admin';
import { FormSection } from '../../layout/FormParts';

const requerido = [required('quipu.comun.requerido')];

export function BotExtrasInput({ readOnly }: { readOnly: boolean }) {
  return (
    <FormSection title="quipu.bots.seccionExtras" level="h3">
      <ArrayInput source="extras" label={false}>
        <SimpleFormIterator inline disableReordering disableClear disableAdd={readOnly} disableRemove={readOnly}>
          <TextInput source="key" label="quipu.bots.clave" validate={requerido} readOnly={readOnly} sx={{ minWidth: 200 }} />
          <TextInput source="val" label="quipu.bots.valor" validate={requerido} readOnly={readOnly} sx={{ minWidth: 280 }} />
        </SimpleFormIterator>
      </ArrayInput>
    </FormSection>
  );
}
