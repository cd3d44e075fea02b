// Unsaved changes: the one navigation guard of the console, and how editors register with it.
export { EditorForm, EditorSaveButton, markStored, useEditorFormSave, type EditorSave, type SaveOutcome } from './EditorForm';
export { UnsavedChangesProvider } from './UnsavedChangesProvider';
export { useUnsavedChanges, type UnsavedChanges } from './useUnsavedChanges';
