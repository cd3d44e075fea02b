// Global settings: the state, the channel's name, the sites allowed to
// embed the chat, the chat's description, the hours and, once saved, the bot it answers with.
import { TextInput } from 'react-admin';
import { CanalBotSelector, CanalHoursInputs, CanalNameInput, CanalStatus, useCanalEditorContext } from '../common';
import { FormSection } from '../../../layout/FormParts';
import { CanalWebDominios } from './CanalWebDominios';

export function CanalWebGeneral() {
  const { readOnly } = useCanalEditorContext();
  return (
    <FormSection title="quipu.canalWeb.secciones.general">
      <CanalStatus />
      <CanalNameInput />
      <CanalBotSelector />
      <CanalWebDominios readOnly={readOnly} />
      <TextInput source="web.dsc" label="quipu.canalWeb.campos.webDsc" multiline minRows={2} fullWidth readOnly={readOnly} />
      <CanalHoursInputs />
    </FormSection>
  );
}
