// The web channel editor ('new' creates): global
// settings, colours, fonts, header, size, floating button, welcome message and the rest of the web
// object, with the live widget and the embed snippet beside them on wide screens (below them on
// narrower ones, the 993 px mobile layout included).
// Loading, Guardar, the bot link, activation and delete are the common editor's (../common): a new
// channel starts active and unsaved, without bot, activation or delete; after delete the form is
// a default channel again.
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { useParams } from 'react-router-dom';
import { CanalEditorFrame, CanalForm, CanalToolbar, editorRoute, useCanalEditor, type CanalEditor } from '../common';
import { withWebForm } from './canalWebModel';
import { CanalWebBienvenida } from './CanalWebBienvenida';
import { CanalWebBoton } from './CanalWebBoton';
import { CanalWebCabecera } from './CanalWebCabecera';
import { CanalWebColores } from './CanalWebColores';
import { CanalWebFuentes } from './CanalWebFuentes';
import { CanalWebGeneral } from './CanalWebGeneral';
import { CanalWebPortapapeles } from './CanalWebPortapapeles';
import { CanalWebPreview } from './CanalWebPreview';
import { CanalWebSnippet } from './CanalWebSnippet';
import { CanalWebTamano } from './CanalWebTamano';

/** The common editor with every field of the web object in its form record. */
function useCanalWebEditor(id: string | undefined): CanalEditor {
  const editor = useCanalEditor('Web', id);
  const formRecord = useMemo(() => (editor.formRecord ? withWebForm(editor.formRecord) : null), [editor.formRecord]);
  return useMemo(() => ({ ...editor, formRecord }), [editor, formRecord]);
}

export function CanalWebEditor() {
  const { id } = useParams<{ id: string }>();
  const editor = useCanalWebEditor(id);
  const readOnly = editor.readOnly;
  return (
    <CanalEditorFrame editor={editor}>
      <CanalForm editor={editor}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(340px, 420px)' }, columnGap: 3 }}>
          <Box sx={{ minWidth: 0 }}>
            <CanalWebGeneral />
            <CanalWebColores readOnly={readOnly} />
            <CanalWebFuentes readOnly={readOnly} />
            <CanalWebCabecera readOnly={readOnly} />
            <CanalWebTamano readOnly={readOnly} />
            <CanalWebBoton readOnly={readOnly} />
            <CanalWebBienvenida readOnly={readOnly} />
          </Box>
          <Box sx={{ minWidth: 0, alignSelf: 'start', position: { lg: 'sticky' }, top: { lg: 64 } }}>
            <CanalWebPreview />
            <CanalWebSnippet />
          </Box>
        </Box>
        <CanalToolbar>
          <CanalWebPortapapeles />
        </CanalToolbar>
      </CanalForm>
    </CanalEditorFrame>
  );
}

CanalWebEditor.path = editorRoute('Web');
