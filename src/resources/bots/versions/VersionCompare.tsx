// 'Comparar': two deployed versions, then what changed from the first to
// the second (GET /bot.compare).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Button, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { messageOf } from '../../../api/HttpError';
import { noticeText } from '../../../layout/noticeText';
import { VersionChanges } from './VersionChanges';
import type { BotVersion } from './versionModel';
import { useVersionMessages } from './versionTexts';

interface VersionCompareProps {
  botId: string;
  /** The versions deployed without error, newest first: only those have a definition to compare. */
  versions: BotVersion[];
}

function VersionSelect({ id, label, value, versions, onChange }: { id: string; label: string; value: string; versions: BotVersion[]; onChange: (id: string) => void }) {
  return (
    <TextField id={id} select label={label} value={value} onChange={(event) => onChange(event.target.value)} size="small" sx={{ flex: '1 1 200px', minWidth: 0 }}>
      {versions.map((version) => (
        <MenuItem key={version.id} value={version.id}>
          {`${version.version}${version.msg ? ` - ${version.msg}` : ''}`}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function VersionCompare({ botId, versions }: VersionCompareProps) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const messages = useVersionMessages();
  // By default the newest against the one before it.
  const [a, setA] = useState(versions[1]?.id ?? '');
  const [b, setB] = useState(versions[0]?.id ?? '');
  const [pair, setPair] = useState<{ a: BotVersion; b: BotVersion } | null>(null);
  const { data: changes } = useQuery({
    queryKey: ['bot-compare', botId, pair?.a.id, pair?.b.id],
    queryFn: async () => {
      try {
        return await dataProvider.compareVersions(botId, pair!.a.id, pair!.b.id);
      } catch (error) {
        notify(messageOf(error), noticeText(messageOf(error), 'error'));
        throw error;
      }
    },
    enabled: pair !== null,
    retry: false,
  });

  if (versions.length < 2) return <Typography>{translate('quipu.versiones.compararFaltan')}</Typography>;

  const compare = () => {
    const before = versions.find((v) => v.id === a);
    const after = versions.find((v) => v.id === b);
    if (before && after) setPair({ a: before, b: after });
  };

  return (
    <section aria-labelledby="version-compare-title">
      <Typography id="version-compare-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {translate('quipu.versiones.compararTitulo')}
      </Typography>
      {/* The two selects and the button share a row while they fit, and wrap rather than squeeze the button. */}
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <VersionSelect id="version-compare-a" label={translate('quipu.versiones.versionA')} value={a} versions={versions} onChange={setA} />
        <VersionSelect id="version-compare-b" label={translate('quipu.versiones.versionB')} value={b} versions={versions} onChange={setB} />
        <Button label={translate('quipu.versiones.comparar')} onClick={compare} variant="outlined" disabled={!a || !b} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
          <CompareArrowsIcon />
        </Button>
      </Stack>
      {pair && changes ? <VersionChanges title={messages.cambiosDe(pair.a.version, pair.b.version)} changes={changes} /> : null}
    </section>
  );
}
