// The QnA dialog: tab Skill (the question, its variants and tags; Guardar → POST /skill as a
// skill of tipo 2) and, once saved, tab Acciones (its answer, the skill's actions). A refused save
// keeps everything typed and shows the server's message on the field it names.
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { QNA_TIPO } from '../../../common/schemas/qna';
import type { QuipuDataProvider } from '../../api/dataProvider';
import { HttpError, messageOf } from '../../api/HttpError';
import type { Skill } from '../../api/skills';
import { StatusMessage } from '../../layout/ListTable';
import { noticeText } from '../../layout/noticeText';
import { TabPanel } from '../../layout/TabPanel';
import { TextButton } from '../../layout/TextButton';
import { SkillAccionesTab } from '../skills/actions/SkillAccionesTab';
import { inputPath, validateSkillForm } from '../skills/skillModel';
import { newQna } from './qnaModel';
import { QnaSkillInputs } from './QnaSkillInputs';

export interface QnaDialogProps {
  idBot: string;
  /** The QnA opened; a new one when absent. */
  qnaId?: string;
  canEdit: boolean;
  onClose: () => void;
  /** After every stored save. */
  onSaved: () => void;
}

type TabName = 'skill' | 'acciones';
type QnaValues = Partial<Skill> & Pick<Skill, 'idBot' | 'nm'>;

export function QnaDialog(props: QnaDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const { qnaId, onClose } = props;
  const { data, error } = useQuery({ queryKey: ['qnaSkill', qnaId], queryFn: () => dataProvider.getSkill(qnaId!), enabled: !!qnaId, gcTime: 0, refetchOnWindowFocus: false });
  const initial = qnaId ? data : newQna(props.idBot);

  return (
    <Dialog open onClose={onClose} aria-labelledby="qna-dialogo-titulo" fullWidth maxWidth="md">
      {initial ? (
        <QnaEditor {...props} initial={initial} />
      ) : (
        <>
          <DialogTitle id="qna-dialogo-titulo">{translate('quipu.qna.titulo')}</DialogTitle>
          <DialogContent>
            <StatusMessage text={error ? messageOf(error) : 'quipu.qna.cargando'} />
          </DialogContent>
          <DialogActions>
            <TextButton label="quipu.qna.cerrar" onClick={onClose} />
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function QnaEditor({ idBot, canEdit, onClose, onSaved, initial }: QnaDialogProps & { initial: QnaValues }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const form = useForm<FieldValues>({ defaultValues: initial });
  const [stored, setStored] = useState<Pick<Skill, 'id' | 'rev' | 'nm'> | null>(initial.id ? { id: initial.id, rev: initial.rev ?? 0, nm: initial.nm } : null);
  const [tab, setTab] = useState<TabName>('skill');
  const [busy, setBusy] = useState(false);

  const save = async (values: FieldValues) => {
    form.clearErrors();
    const problems = Object.entries(validateSkillForm(values as QnaValues)).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    if (problems.length > 0) {
      problems.forEach(([field, message]) => form.setError(field, { type: 'validate', message }));
      return;
    }
    setBusy(true);
    try {
      const skill = await dataProvider.saveSkill({ ...(values as QnaValues), ...(stored ? { id: stored.id, rev: stored.rev } : {}), idBot, tipo: QNA_TIPO });
      setStored({ id: skill.id, rev: skill.rev, nm: skill.nm });
      form.reset({ ...values, id: skill.id, rev: skill.rev }, { keepValues: true });
      notify('quipu.comun.guardado', { type: 'success' });
      onSaved();
    } catch (failure) {
      notify(messageOf(failure), noticeText(messageOf(failure), 'error'));
      if (failure instanceof HttpError && failure.status === 400 && failure.field) form.setError(inputPath(failure.field), { type: 'server', message: failure.message });
    } finally {
      setBusy(false);
    }
  };

  // The dialog is drawn in a portal but sits inside the bot editor's form in React's tree: its
  // submit must not reach that form.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.stopPropagation();
    void form.handleSubmit(save)(event);
  };

  const current: TabName = stored ? tab : 'skill';
  return (
    <FormProvider {...form}>
      <DialogTitle id="qna-dialogo-titulo">{stored ? translate('quipu.qna.editar', { nm: stored.nm }) : translate('quipu.qna.nueva')}</DialogTitle>
      <DialogContent>
        <Tabs value={current} onChange={(_event, next: TabName) => setTab(next)} aria-label={translate('quipu.qna.pestanas')}>
          <Tab value="skill" id="qna-tab-skill-boton" aria-controls="qna-tab-skill" label={translate('quipu.qna.tabSkill')} />
          {stored ? <Tab value="acciones" id="qna-tab-acciones-boton" aria-controls="qna-tab-acciones" label={translate('quipu.qna.tabAcciones')} /> : null}
        </Tabs>
        <TabPanel idPrefix="qna-tab" name="skill" current={current}>
          <form id="qna-form" onSubmit={onSubmit} noValidate>
            <QnaSkillInputs idBot={idBot} readOnly={!canEdit} />
          </form>
        </TabPanel>
        {current === 'acciones' && stored ? (
          <TabPanel idPrefix="qna-tab" name="acciones" current={current}>
            <SkillAccionesTab skillId={stored.id} idBot={idBot} canEdit={canEdit} />
          </TabPanel>
        ) : null}
      </DialogContent>
      <DialogActions>
        <TextButton label="quipu.qna.cerrar" onClick={onClose} disabled={busy} />
        {canEdit && current === 'skill' ? <TextButton label="quipu.qna.guardar" type="submit" form="qna-form" variant="contained" disabled={busy} /> : null}
      </DialogActions>
    </FormProvider>
  );
}
