// 'Skills QNA' (/qnas, admin only): the default QnA set, the QnAs of the bot DEFAULT_QNA_BOT that
// 'Cargar QnA por Defecto' copies into a bot.
import { useTranslate } from 'react-admin';
import { DEFAULT_QNA_BOT } from '../../../common/schemas/qna';
import { PageCard } from '../../pages/PageCard';
import { useFlags } from '../../permissions/useFlags';
import { QnaPanel } from './QnaPanel';

export function QnaSkillsPage() {
  const translate = useTranslate();
  const { flags } = useFlags();
  return (
    <PageCard title={translate('quipu.qna.tituloPagina')}>
      <QnaPanel idBot={DEFAULT_QNA_BOT} canEdit={!!flags?.isBotEdit} qnaExtrn={false} defaults={false} />
    </PageCard>
  );
}

QnaSkillsPage.path = '/qnas';
