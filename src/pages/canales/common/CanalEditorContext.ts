// The editor's state for the controls inside it (bot selector, activation, delete, secret inputs).
import { createContext, useContext } from 'react';
import type { CanalEditor } from './useCanalEditor';

export const CanalEditorContext = createContext<CanalEditor | null>(null);

export function useCanalEditorContext(): CanalEditor {
  const editor = useContext(CanalEditorContext);
  if (!editor) throw new Error('Los controles del canal van dentro de <CanalForm>');
  return editor;
}
