// 'Eliminar QnA': the tags whose QnAs go (at least one), then how many go (the count of a
// one-row search with those tags) for a confirmation, then POST /skill/qna-delete and its message.
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { QuipuDataProvider } from '../../api/dataProvider';
import { messageOf } from '../../api/HttpError';
import { noticeText } from '../../layout/noticeText';
import { TextButton } from '../../layout/TextButton';
import { TagKbPicker } from './TagKbPicker';

export function QnaDeleteByTagsDialog({ idBot, onClose, onDeleted }: { idBot: string; onClose: () => void; onDeleted: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const [tags, setTags] = useState<string[]>([]);
  const [missing, setMissing] = useState(false);
  const [count, setCount] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      notify(messageOf(failure), noticeText(messageOf(failure), 'error'));
    } finally {
      setBusy(false);
    }
  };

  const ask = () => {
    if (tags.length === 0) return setMissing(true);
    return run(async () => {
      const found = await dataProvider.searchQna({ idBot, tags, page: 0, pageSize: 1, sorted: [], filtered: [] });
      setCount(found.totalElements ?? found.content.length);
    });
  };

  const remove = () =>
    run(async () => {
      const answer = await dataProvider.deleteQnaByTags({ idBot, tags });
      notify(answer.msg, noticeText(answer.msg, 'success'));
      onDeleted();
      onClose();
    });

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="qna-eliminar-titulo" fullWidth maxWidth="sm">
      <DialogTitle id="qna-eliminar-titulo">{translate('quipu.qna.eliminarTitulo')}</DialogTitle>
      <DialogContent>
        {count === null ? (
          <TagKbPicker
            idBot={idBot}
            value={tags}
            onChange={(next) => {
              setTags(next);
              setMissing(false);
            }}
            label="quipu.qna.eliminarTags"
            error={missing ? translate('quipu.qna.seleccioneTag') : undefined}
          />
        ) : (
          <DialogContentText>{translate('quipu.qna.eliminarConfirmar', { smart_count: count })}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <TextButton label="quipu.qna.cerrar" onClick={onClose} disabled={busy} />
        {count === null ? (
          <TextButton label="quipu.qna.continuar" variant="contained" onClick={() => void ask()} disabled={busy} />
        ) : (
          <TextButton label="quipu.qna.eliminar" variant="contained" color="error" onClick={() => void remove()} disabled={busy || count === 0} />
        )}
      </DialogActions>
    </Dialog>
  );
}
