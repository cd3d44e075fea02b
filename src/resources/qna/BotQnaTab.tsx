// The bot editor's QnA tab, 'Preguntas y Respuestas': the bot's knowledge base once the bot is saved.
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { DEFAULT_QNA_BOT } from '../../../common/schemas/qna';
import { QnaPanel } from './QnaPanel';

export function BotQnaTab({ botId, canEdit, qnaExtrn }: { botId: string | undefined; canEdit: boolean; qnaExtrn: boolean }) {
  const translate = useTranslate();
  return (
    <>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {translate('quipu.qna.titulo')}
      </Typography>
      {botId ? (
        <QnaPanel idBot={botId} canEdit={canEdit} qnaExtrn={qnaExtrn} defaults={botId !== DEFAULT_QNA_BOT} />
      ) : (
        <Typography>{translate('quipu.qna.guardeParaQna')}</Typography>
      )}
    </>
  );
}
