// The bot editor's form: tabs General, Entidades (isBotEdit), QnA (when qna is on) and
// Monitoreo (an existing bot). Every value typed stays in the form across tabs; switching tab with
// unsaved changes says 'Existen cambios pendientes de guardar', and leaving the page with them asks
// '¿Seguro deseas salir sin guardar tus cambios?' (EditorForm). A stored save leaves nothing unsaved.
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useFormState, useWatch, type FieldValues } from 'react-hook-form';
import { useNotify, useRecordContext, useSaveContext, useTranslate } from 'react-admin';
import { EditorForm, type EditorSave } from '../../layout/unsavedChanges';
import { TabPanel } from '../../layout/TabPanel';
import { useFlags } from '../../permissions/useFlags';
import type { Bot } from './botModel';
import { BotFormToolbar } from './BotFormToolbar';
import { BotGeneralTab } from './BotGeneralTab';
import { BotQnaTab } from '../qna/BotQnaTab';
import { BotEntidadesTab } from './entidades/BotEntidadesTab';
import { BotMonitoreoTab } from './monitoreo/BotMonitoreoTab';
import { useBotSaveNotices } from './useBotSaveNotices';

type TabName = 'general' | 'entidades' | 'qna' | 'monitoreo';

function BotTabs({ botId }: { botId: string | undefined }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { flags } = useFlags();
  const isBotEdit = !!flags?.isBotEdit;
  const qna = useWatch<Partial<Bot>, 'qna'>({ name: 'qna' });
  const qnaExtrn = useWatch<Partial<Bot>, 'qnaExtrn'>({ name: 'qnaExtrn' });
  const { dirtyFields, submitCount, errors } = useFormState();
  const [tab, setTab] = useState<TabName>('general');

  const tabs: TabName[] = ['general'];
  if (isBotEdit) tabs.push('entidades');
  if (qna) tabs.push('qna');
  if (botId) tabs.push('monitoreo');
  const current = tabs.includes(tab) ? tab : 'general';

  // A refused save shows its messages next to the fields, which all live on General.
  const hasErrors = Object.keys(errors).length > 0;
  useEffect(() => {
    if (submitCount > 0 && hasErrors) setTab('general');
  }, [submitCount, hasErrors]);

  const change = (next: TabName) => {
    if (next !== current && Object.keys(dirtyFields).length > 0) notify('quipu.bots.cambiosPendientes', { type: 'warning' });
    setTab(next);
  };

  return (
    <Box sx={{ width: '100%' }}>
      <Tabs value={current} onChange={(_event, next: TabName) => change(next)} variant="scrollable" allowScrollButtonsMobile aria-label={translate('quipu.bots.pestanas')}>
        {tabs.map((name) => (
          <Tab key={name} value={name} id={`bot-tab-${name}-boton`} aria-controls={`bot-tab-${name}`} label={translate(`quipu.bots.tab.${name}`)} />
        ))}
      </Tabs>
      {/* General stays mounted so its inputs keep validating; the others load when opened. */}
      <TabPanel idPrefix="bot-tab" name="general" current={current}>
        <BotGeneralTab botId={botId} canEdit={isBotEdit} />
      </TabPanel>
      {current === 'entidades' && botId ? (
        <TabPanel idPrefix="bot-tab" name="entidades" current={current}>
          <BotEntidadesTab botId={botId} />
        </TabPanel>
      ) : null}
      {current === 'entidades' && !botId ? (
        <TabPanel idPrefix="bot-tab" name="entidades" current={current}>
          <Typography>{translate('quipu.bots.guardeParaEntidades')}</Typography>
        </TabPanel>
      ) : null}
      {current === 'qna' ? (
        <TabPanel idPrefix="bot-tab" name="qna" current={current}>
          <BotQnaTab botId={botId} canEdit={isBotEdit} qnaExtrn={!!qnaExtrn} />
        </TabPanel>
      ) : null}
      {current === 'monitoreo' && botId ? (
        <TabPanel idPrefix="bot-tab" name="monitoreo" current={current}>
          <BotMonitoreoTab botId={botId} qna={!!qna} />
        </TabPanel>
      ) : null}
    </Box>
  );
}

/** Guardar through react-admin's save (POST /bot), with its notices; a new bot then opens at /bot/{id}. */
function useBotSave(isNew: boolean): EditorSave {
  const { save } = useSaveContext();
  const notices = useBotSaveNotices({ opensSaved: isNew });
  return async (values) => {
    let stored: Bot | undefined;
    const errors = (await save?.(values, {
      onSuccess: (bot: Bot) => {
        stored = bot;
        notices.onSuccess(bot);
      },
      onError: notices.onError,
    })) as FieldValues | undefined;
    return stored ? { saved: true, record: stored } : { saved: false, errors };
  };
}

export function BotForm() {
  const record = useRecordContext<Bot>();
  const botId = record?.id;
  const onSubmit = useBotSave(!botId);
  return (
    <EditorForm onSubmit={onSubmit} noValidate>
      <Box sx={{ px: { xs: 1, sm: 2 } }}>
        <BotTabs botId={botId} />
      </Box>
      <BotFormToolbar existing={!!botId} />
    </EditorForm>
  );
}
