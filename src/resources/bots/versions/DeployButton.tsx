// 'Desplegar' in the bot editor: checks the form like 'Guardar', asks a description (warning,
// from the bot's skills as GET /skills gives them now, when it has no skills or no fallback skill),
// saves and deploys (POST /bot.deploy), then follows the deploy until it is done. The save is
// confirmed at once; how the deploy ended is said only when it has, in place of earlier notices.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useDataProvider, useGetIdentity, useNotify, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { messageOf } from '../../../api/HttpError';
import type { Bot, BotVersion } from '../../../api/versions';
import { noticeText, replacingNoticeText } from '../../../layout/noticeText';
import { TextButton } from '../../../layout/TextButton';
import { deployWarnings } from '../../../../common/schemas/bots';
import { skillsKey } from '../flow/useSkills';
import { DeployDialog } from './DeployDialog';
import { useDeployState, versionListKey } from './useDeployState';
import { useVersionMessages } from './versionTexts';

export function DeployButton() {
  const record = useRecordContext<Bot>();
  const botId = record?.id === undefined ? undefined : String(record.id);
  const resource = useResourceContext() ?? 'bots';
  const form = useFormContext<Bot>();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  const messages = useVersionMessages();
  const { identity } = useGetIdentity();
  const { latest, running, started } = useDeployState(botId);
  const [values, setValues] = useState<Bot | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  // Whether this editor saw the latest deploy running, so its end is announced once.
  const watching = useRef(false);

  /** How a finished deploy ended, in place of any earlier notice: `success` names it, failures say why. */
  const announce = useCallback(
    (version: BotVersion, success: string) => {
      const text = version.error ? messages.errorDesplegar(version.msg) : success;
      const failed = version.pruebas?.fallidas ?? [];
      if (!version.error && failed.length) {
        const warning = `${text}. ${messages.pruebasFallan(failed.map((p) => p.nm), version.pruebas!.total)}`;
        notify(warning, replacingNoticeText(warning, 'warning'));
      } else notify(text, replacingNoticeText(text, version.error ? 'error' : 'success'));
    },
    [messages, notify],
  );

  useEffect(() => {
    if (!latest) return;
    if (!latest.done) {
      watching.current = true;
      return;
    }
    if (!watching.current) return;
    watching.current = false;
    announce(latest, messages.desplegado(latest.version));
    void queryClient.invalidateQueries({ queryKey: versionListKey(botId) });
  }, [latest, announce, messages, queryClient, botId]);

  // Not on /bot/new: a bot is deployed once it exists.
  if (!botId) return null;

  // Like 'Guardar': an invalid form shows its errors (and react-admin's notice) and opens nothing.
  // A valid one is not submitted: a submit that succeeded would tell react-admin the changes were saved.
  const ask = async () => {
    if (!(await form.trigger())) return form.handleSubmit(() => undefined)();
    const values = form.getValues();
    setWarnings(await skillWarnings(botId));
    setValues(values);
  };

  /** The warnings of the bot's skills as they are now (the skill editor may have changed them); none when they cannot be read. */
  const skillWarnings = async (id: string): Promise<string[]> => {
    try {
      return deployWarnings(await queryClient.fetchQuery({ queryKey: skillsKey(id), queryFn: () => dataProvider.getSkills(id), staleTime: 0 }));
    } catch {
      return [];
    }
  };

  const deploy = async (description: string) => {
    if (!values) return;
    setSending(true);
    try {
      const version = await dataProvider.deployBot(values, description, String(identity?.id ?? ''));
      started(version);
      setValues(null);
      // The bot is saved; deployed only once its version is done (a later poll says so).
      if (version.done) announce(version, translate('quipu.versiones.guardadoDesplegado'));
      else {
        const text = translate('quipu.versiones.guardado');
        notify(text, noticeText(text, 'success'));
      }
      // The deploy saved the bot (new rev): the form reloads it, or its next save would be refused as stale.
      await queryClient.invalidateQueries({ queryKey: [resource, 'getOne', { id: botId }] });
    } catch (error) {
      notify(messageOf(error), noticeText(messageOf(error), 'error'));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <TextButton label={translate('quipu.versiones.desplegar')} onClick={() => void ask()} disabled={running || sending} variant="outlined" size="small" startIcon={<RocketLaunchIcon />} />
      <Box role="status" sx={{ minWidth: running ? 220 : 0, flex: running ? '1 1 220px' : '0 0 auto' }}>
        {running ? (
          <>
            <Typography variant="body2">{translate('quipu.versiones.desplegando')}</Typography>
            {typeof latest?.progreso === 'number' ? (
              <>
                <Typography variant="caption">{messages.entrenando(latest.progreso)}</Typography>
                <LinearProgress variant="determinate" value={latest.progreso} aria-label={messages.entrenando(latest.progreso)} sx={{ mt: 0.5 }} />
              </>
            ) : (
              <LinearProgress aria-label={translate('quipu.versiones.desplegando')} sx={{ mt: 0.5 }} />
            )}
          </>
        ) : null}
      </Box>
      <DeployDialog open={values !== null} warnings={warnings} sending={sending} onClose={() => setValues(null)} onDeploy={(text) => void deploy(text)} />
    </>
  );
}
