// The Requerimientos (tp 0) and Memoria (tp 1) tabs of the skill editor: the skill's saved
// requirements as editor cards, one edited at a time, and the entities their fields may name.
// Either load failing is said in an alert with a retry (and a notice), in SKILL_MESSAGES' words.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { SKILL_MESSAGES } from '../../../../common/schemas/skillRules';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { StatusMessage } from '../../../layout/ListTable';
import { noticeText } from '../../../layout/noticeText';
import { RequerimientoList } from './RequerimientoList';
import { toEntityOptions } from './requerimientoModel';

export interface SkillRequerimientosTabProps {
  skillId: string;
  idBot: string;
  tp: 0 | 1;
  /** The user's isBotEdit flag: whether the skill may be edited. */
  canEdit: boolean;
}

/** A failed load: its text as an alert with Reintentar, and once as a notice. */
function LoadError({ error, text, retrying, onRetry }: { error: unknown; text: string; retrying: boolean; onRetry: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  useEffect(() => {
    if (error) notify(text, noticeText(text, 'error'));
  }, [error, text, notify]);
  if (!error) return null;
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
          {translate('quipu.requerimientos.reintentar')}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}

export function SkillRequerimientosTab({ skillId, idBot, tp, canEdit }: SkillRequerimientosTabProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  // A refetch while a card is edited would change the rev under it: the list is read when the tab opens.
  const saved = useQuery({ queryKey: ['requerimientos', skillId, tp], queryFn: () => dataProvider.getRequerimientos(skillId, tp), refetchOnWindowFocus: false });
  // The same keys as the bot editor's Entidades tab, which shares the answers.
  const custom = useQuery({ queryKey: ['entidades', idBot], queryFn: () => dataProvider.getEntities(idBot) });
  const internal = useQuery({ queryKey: ['entidadesInternas'], queryFn: () => dataProvider.getInternalEntities(), staleTime: Infinity });
  const entities = useMemo(() => (custom.data && internal.data ? toEntityOptions(custom.data, internal.data) : null), [custom.data, internal.data]);

  return (
    <Box>
      <Typography component="h2" variant="h6">
        {translate(tp === 1 ? 'quipu.requerimientos.tituloMemoria' : 'quipu.requerimientos.titulo')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(tp === 1 ? 'quipu.requerimientos.ayudaMemoria' : 'quipu.requerimientos.ayuda')}
      </Typography>
      <LoadError error={saved.error} text={SKILL_MESSAGES.errorGuardados} retrying={saved.isFetching} onRetry={() => void saved.refetch()} />
      <LoadError
        error={custom.error ?? internal.error}
        text={SKILL_MESSAGES.errorConsultar}
        retrying={custom.isFetching || internal.isFetching}
        onRetry={() => {
          if (custom.error) void custom.refetch();
          if (internal.error) void internal.refetch();
        }}
      />
      {saved.data ? (
        <RequerimientoList records={saved.data} tp={tp} idBot={idBot} skillId={skillId} entities={entities} canEdit={canEdit} />
      ) : saved.isPending ? (
        <StatusMessage text="quipu.requerimientos.cargando" />
      ) : null}
    </Box>
  );
}
