// The embed snippet: the script tag a customer pastes into their pages, with
// the encoded channel id, read only, and 'Copiar código' saying 'Copiado' for 1.5 s. Only a saved
// channel has one.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Button, useTranslate } from 'react-admin';
import { BASENAME } from '../../../api/client';
import { embedSnippet } from '../../../widget/snippet';
import { FormSection } from '../../../layout/FormParts';
import { useCanalEditorContext } from '../common';
import { CopiadoStatus } from './CopiadoStatus';
import { useCopiado } from './useCopiado';

export function CanalWebSnippet() {
  const translate = useTranslate();
  const { canal } = useCanalEditorContext();
  const { copiado, copy } = useCopiado();
  const snippet = canal?.id ? embedSnippet(window.location.origin, BASENAME || '/', canal.id) : null;
  return (
    <FormSection title="quipu.canalWeb.secciones.insertar">
      {snippet ? (
        <>
          <Typography variant="body2" color="text.secondary">
            {translate('quipu.canalWeb.insertarAyuda')}
          </Typography>
          <Box
            component="pre"
            sx={{ my: 1, p: 1.5, bgcolor: 'grey.100', borderRadius: 1, fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-all', overflowWrap: 'anywhere' }}
          >
            <code>{snippet}</code>
          </Box>
          <Button label={copiado ? 'quipu.canalWeb.copiado' : 'quipu.canalWeb.copiarCodigo'} variant="outlined" onClick={() => void copy(snippet)}>
            {copiado ? <CheckIcon /> : <ContentCopyIcon />}
          </Button>
          <CopiadoStatus copiado={copiado} />
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('quipu.canalWeb.guardeParaInsertar')}
        </Typography>
      )}
    </FormSection>
  );
}
