// The bot editor's form: tabs General, Entidades (isBotEdit), QnA (when qna is on) and
// Monitoreo (an existing bot). Every value typed stays in the form across tabs; switching tab with
// unsaved changes says 'Existen cambios pendientes de guardar', and leaving the page with them asks
// '¿Seguro deseas salir sin guardar tus cambios?' (react-admin's warnWhenUnsavedChanges).
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { Form, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { TabPanel } from '../../layout/TabPanel';
import { useFlags } from '../../permissions/useFlags';
import type { Bot } from './botModel';
import { BotFormToolbar } from './BotFormToolbar';
import { BotGeneralTab } from './BotGeneralTab';
import { BotEntidadesTab } from './entidades/BotEntidadesTab';
import { BotMonitoreoTab } from './monitoreo/BotMonitoreoTab';

type TabName = 'general' | 'entidades' | 'qna' | 'monitoreo';

function BotTabs({ botId }: { botId: string | undefined }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { flags } = useFlags();
  const isBotEdit = !!flags?.isBotEdit;
  const qna = useWatch<Partial<Bot>, 'qna'>({ name: 'qna' });
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
          <Typography>{translate('quipu.bots.qnaProximamente')}</Typography>
        </TabPanel>
      ) : null}
      {current === 'monitoreo' && botId ? (
        <TabPanel idPrefix="bot-tab" name="monitoreo" current={current}>
          <BotMonitoreoTab botId={botId} />
        </TabPanel>
      ) : null}
    </Box>
  );
}

export function BotForm() {
  const record = useRecordContext<Bot>();
  const botId = record?.id;
  return (
    <Form warnWhenUnsavedChanges noValidate>
      <Box sx={{ px: { xs: 1, sm: 2 } }}>
        <BotTabs botId={botId} />
      </Box>
      <BotFormToolbar existing={!!botId} />
    </Form>
  );
}
