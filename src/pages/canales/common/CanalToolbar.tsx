// The editor's buttons: Atras (to /canal), Guardar and, once saved, 'Desactivar Canal' /
// 'Activar Canal' and 'Eliminar Canal'. A user without channel access gets Atras alone.
import type { ReactNode } from 'react';
import { SaveButton, Toolbar } from 'react-admin';
import { BackButton } from '../../../layout/FormParts';
import { CanalActiveButton } from './CanalActiveButton';
import { CanalDeleteButton } from './CanalDeleteButton';
import { useCanalEditorContext } from './CanalEditorContext';

export function CanalToolbar({ confirmActivation = false, children }: { confirmActivation?: boolean; children?: ReactNode }) {
  const { readOnly } = useCanalEditorContext();
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap', mt: 2 }}>
      <BackButton to="/canal" />
      {readOnly ? null : <SaveButton alwaysEnable />}
      {children}
      <CanalActiveButton confirm={confirmActivation} />
      <CanalDeleteButton />
    </Toolbar>
  );
}
