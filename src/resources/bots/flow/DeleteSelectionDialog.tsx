// 'Eliminar seleccionados': names every skill and link that goes, then deletes them on the server
// in one POST /skill.delete (the links touching a deleted skill go with it).
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { messageOf } from '../../../api/HttpError';
import { noticeText } from '../../../layout/noticeText';
import type { DiagramEdge, SkillSummary } from './diagramModel';

/** Past this many names per list the dialog says how many more. */
const SHOWN = 8;

export interface Selection {
  skills: SkillSummary[];
  links: DiagramEdge[];
}

interface DeleteSelectionDialogProps {
  botId: string;
  selection: Selection;
  linkName: (link: DiagramEdge) => string;
  onDeleted: (skills: string[], links: string[]) => void;
  onClose: () => void;
}

function Names({ title, names }: { title: string; names: string[] }) {
  const translate = useTranslate();
  if (names.length === 0) return null;
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        {title} ({names.length})
      </Typography>
      <ul style={{ margin: 0 }}>
        {names.slice(0, SHOWN).map((name, i) => (
          <li key={i}>{name}</li>
        ))}
        {names.length > SHOWN && <li>{translate('quipu.flujo.confirmarMas', { n: names.length - SHOWN })}</li>}
      </ul>
    </>
  );
}

export function DeleteSelectionDialog({ botId, selection, linkName, onDeleted, onClose }: DeleteSelectionDialogProps) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    const skills = selection.skills.map((skill) => skill.id);
    const links = selection.links.map((link) => link.id);
    setDeleting(true);
    try {
      await dataProvider.deleteSkills({ idBot: botId, skills, links });
      onDeleted(skills, links);
      const text = translate('quipu.flujo.eliminado');
      notify(text, noticeText(text, 'success'));
      onClose();
    } catch (error) {
      notify(messageOf(error), noticeText(messageOf(error), 'error'));
      setDeleting(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="quipu-delete-selection-title" aria-describedby="quipu-delete-selection-text">
      <DialogTitle id="quipu-delete-selection-title">{translate('quipu.flujo.confirmarTitulo')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="quipu-delete-selection-text">{translate('quipu.flujo.confirmarTexto')}</DialogContentText>
        <Names title={translate('quipu.flujo.confirmarSkills')} names={selection.skills.map((skill) => skill.nm)} />
        <Names title={translate('quipu.flujo.confirmarEnlaces')} names={selection.links.map(linkName)} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('quipu.flujo.cancelar')}
        </Button>
        <Button onClick={confirm} color="error" variant="contained" disabled={deleting}>
          {translate('quipu.flujo.eliminarBoton')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
