// The channel editor's form: react-admin's Form on the editor's record, saved by the editor (POST
// /ch/web), asking '¿Seguro deseas salir sin guardar tus cambios?' before leaving with unsaved
// changes. Its children get the editor through CanalEditorContext.
import { useCallback, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { FieldValues } from 'react-hook-form';
import { EditorForm } from '../../../layout/unsavedChanges';
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
  const send = onSubmit ?? editor.save;
  // The channel's saves answer the errors to show, or nothing once stored.
  const save = useCallback(async (values: FieldValues) => {
    const errors = await send(values);
    return { saved: !errors, errors };
  }, [send]);
  if (!editor.formRecord) return null;
  return (
    <CanalEditorContext value={editor}>
      <EditorForm
        key={editor.formKey}
        record={record ?? editor.formRecord}
        onSubmit={save}
        guard={!editor.readOnly}
        formRootPathname={formRootPathname}
        noValidate
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 1, width: '100%' }}>{children}</Box>
      </EditorForm>
    </CanalEditorContext>
  );
}
