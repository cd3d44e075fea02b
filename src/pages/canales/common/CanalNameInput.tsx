// The channel's name (dsc), required ('Campo requerido').
import { TextInput, required } from 'react-admin';
import { useCanalEditorContext } from './CanalEditorContext';

const validateDsc = [required('quipu.canales.requerido')];

export function CanalNameInput() {
  const { readOnly } = useCanalEditorContext();
  return <TextInput source="dsc" label="quipu.canales.dsc" validate={validateDsc} readOnly={readOnly} sx={{ maxWidth: 480 }} />;
}
