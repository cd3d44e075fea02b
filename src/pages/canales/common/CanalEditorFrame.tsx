// The frame of every channel editor: the heading ('Nuevo canal Slack' / 'Canal Slack'), the
// loading and not-found states, and the read-only note for users without channel access. Above a
// new channel, the system admin's 'Empresa': the company it is created in, picked before its form.
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { EmpresaPicker } from '../../../layout/EmpresaPicker';
import { BackButton } from '../../../layout/FormParts';
import { StatusMessage } from '../../../layout/ListTable';
import { useEmpresaScope } from '../../../permissions/useEmpresaScope';
import { kindText } from './canalModel';
import type { CanalEditor } from './useCanalEditor';

export function CanalEditorFrame({ editor, children }: { editor: CanalEditor; children: ReactNode }) {
  const translate = useTranslate();
  const kind = translate(kindText(editor.kind));
  const title = translate(editor.isNew ? 'quipu.canales.tituloNuevo' : 'quipu.canales.tituloEditar', { kind });
  const { picks, idE } = useEmpresaScope();
  const withoutEmpresa = editor.isNew && picks && !idE;
  return (
    <>
      <Title title={title} />
      <Typography component="h1" variant="h5" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          {editor.loadError ? (
            <>
              <Alert severity="error">{editor.loadError}</Alert>
              <BackButton to="/canal" />
            </>
          ) : !editor.canal ? (
            <StatusMessage text="quipu.canales.cargando" />
          ) : (
            <>
              {editor.isNew ? <EmpresaPicker prompt="quipu.empresaPicker.crearCanal" /> : null}
              {editor.readOnly ? (
                <Alert severity="info" sx={{ mb: 2 }}>
                  {translate('quipu.canales.soloLectura')}
                </Alert>
              ) : null}
              {withoutEmpresa ? null : children}
            </>
          )}
        </CardContent>
      </Card>
    </>
  );
}
