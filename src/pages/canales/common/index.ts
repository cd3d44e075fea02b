// The parts every channel editor shares (the web editor in src/pages/canales/web/ uses them too):
//   const editor = useCanalEditor('Web', useParams().id);
//   <CanalEditorFrame editor={editor}>
//     <CanalForm editor={editor}> <CanalNameInput/> <CanalHoursInputs/> <CanalBotSelector/> … <CanalToolbar/> </CanalForm>
//   </CanalEditorFrame>
export { CanalActiveButton } from './CanalActiveButton';
export { CanalBotSelector } from './CanalBotSelector';
export { CanalCommonInputs } from './CanalCommonInputs';
export { CanalConfigAccordion } from './CanalConfigAccordion';
export { CanalDeleteButton } from './CanalDeleteButton';
export { CanalDisconnectButton } from './CanalDisconnectButton';
export { CanalEditorFrame } from './CanalEditorFrame';
export { useCanalEditorContext } from './CanalEditorContext';
export { CanalForm } from './CanalForm';
export { CanalHoursInputs } from './CanalHoursInputs';
export { CanalNameInput } from './CanalNameInput';
export { CanalSignIn } from './CanalSignIn';
export { CanalStatus } from './CanalStatus';
export { CanalToolbar } from './CanalToolbar';
export { CopyField } from './CopyField';
export { SaveToSignIn } from './SaveToSignIn';
export { SecretInput } from './SecretInput';
export { addText, editorPath, editorRoute, formValuesOf, kindText, newCanal, newPath, toCanalBody, type CanalFormValues } from './canalModel';
export { useCanalEditor, type CanalEditor, type CanalEditorOptions } from './useCanalEditor';
export { useSignInResult } from './useSignInResult';
