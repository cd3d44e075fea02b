// The channel editor's form: react-admin's Form on the editor's record, saved by the editor (POST
// /ch/web), asking '¿Seguro deseas salir sin guardar tus cambios?' before leaving with unsaved
// changes. Its children get the editor through CanalEditorContext.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { FieldValues } from 'react-hook-form';
import { Form } from 'react-admin';
import { CanalEditorContext } from './CanalEditorContext';
import type { CanalEditor } from './useCanalEditor';

interface CanalFormProps {
  editor: CanalEditor;
  children: ReactNode;
  /** Another save than POST /ch/web (Telegram's Conectar), on another record. */
  onSubmit?: (values: FieldValues) => Promise<FieldValues | undefined>;
  record?: FieldValues;
  /** Paths under it are the same editor: moving there (new → the saved id) asks nothing. */
  formRootPathname?: string;
}

export function CanalForm({ editor, children, onSubmit, record, formRootPathname }: CanalFormProps) {
  if (!editor.formRecord) return null;
  return (
    <CanalEditorContext value={editor}>
      <Form
        key={editor.formKey}
        record={record ?? editor.formRecord}
        onSubmit={onSubmit ?? editor.save}
        warnWhenUnsavedChanges={!editor.readOnly}
        formRootPathname={formRootPathname}
        noValidate
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 1, width: '100%' }}>{children}</Box>
      </Form>
    </CanalEditorContext>
  );
}
