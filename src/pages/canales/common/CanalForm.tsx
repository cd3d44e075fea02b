// The channel editor's form: react-admin's Form on the editor's record, saved by the editor (POST
// /ch/web), asking '¿Seguro deseas salir sin guardar tus cambios?' before leaving with unsaved
// changes. Its children get the editor through CanalEditorContext.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { Form } from 'react-admin';
import { CanalEditorContext } from './CanalEditorContext';
import type { CanalEditor } from './useCanalEditor';

export function CanalForm({ editor, children }: { editor: CanalEditor; children: ReactNode }) {
  if (!editor.formRecord) return null;
  return (
    <CanalEditorContext value={editor}>
      <Form key={editor.formKey} record={editor.formRecord} onSubmit={editor.save} warnWhenUnsavedChanges={!editor.readOnly} noValidate>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 1, width: '100%' }}>{children}</Box>
      </Form>
    </CanalEditorContext>
  );
}
