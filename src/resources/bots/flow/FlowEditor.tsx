// The bot's flow diagram (General tab): a react-admin input bound to the form's `diagram`. Skills
// are nodes, links are edges; every edit changes the form's value, so Guardar saves it. Skills are
// created and deleted on the server from here too; on /bot/new there is no bot to hold them yet.
import '@xyflow/react/dist/style.css';
import './flowEditor.css';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { ReactFlowProvider } from '@xyflow/react';
import { useInput, useTranslate } from 'react-admin';
import { messageOf } from '../../../api/HttpError';
import { FlowCanvas } from './FlowCanvas';
import { useSkills } from './useSkills';

export interface FlowEditorProps {
  /** The form field holding the Diagram: 'diagram'. */
  source: string;
  /** Absent on /bot/new. */
  botId?: string;
  /** isBotEdit: add and delete skills, and link them. Moving and ordering are for every user. */
  canEdit: boolean;
}

export function FlowEditor({ source, botId, canEdit }: FlowEditorProps) {
  const translate = useTranslate();
  if (!botId) return <Alert severity="info">{translate('quipu.flujo.guardeAntes')}</Alert>;
  return <SavedBotFlow source={source} botId={botId} canEdit={canEdit} />;
}

function SavedBotFlow({ source, botId, canEdit }: FlowEditorProps & { botId: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  const { data: skills, error } = useSkills(botId);
  if (error) return <Alert severity="error">{translate('quipu.flujo.errorSkills', { error: messageOf(error) })}</Alert>;
  if (!skills) return <CircularProgress aria-label={translate('quipu.flujo.cargando')} />;
  return (
    <ReactFlowProvider>
      <FlowCanvas botId={botId} canEdit={canEdit} skills={skills} value={field.value} onChange={field.onChange} />
    </ReactFlowProvider>
  );
}
