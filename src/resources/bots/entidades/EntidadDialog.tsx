// The entity editor: nm, dsc and 'Usar expresión regular'. With it on, the
// expression, whose refusal by the server (a Spanish 400 naming the error) shows under the field;
// with it off, keywords added with Enter, shown as removable chips, a repeated one refused.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState, type KeyboardEvent } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { Entidad, EntidadBody } from '../../../api/bots';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { messageOf } from '../../../api/HttpError';
import { TextButton } from '../../../layout/TextButton';

interface EntidadDialogProps {
  entidad: Partial<Entidad>;
  botId: string;
  onClose: () => void;
  onSaved: () => void;
}

/** The keywords with `word` added, or the key of why it is not. */
export function addKeyword(keywords: string[], word: string): string[] | 'vacia' | 'repetida' {
  const trimmed = word.trim();
  if (!trimmed) return 'vacia';
  if (keywords.some((keyword) => keyword.toLocaleLowerCase('es') === trimmed.toLocaleLowerCase('es'))) return 'repetida';
  return [...keywords, trimmed];
}

export function EntidadDialog({ entidad, botId, onClose, onSaved }: EntidadDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const notify = useNotify();
  const [nm, setNm] = useState(entidad.nm ?? '');
  const [dsc, setDsc] = useState(entidad.dsc ?? '');
  const [rgx, setRgx] = useState(!!entidad.rgx);
  const [format, setFormat] = useState(entidad.format ?? '');
  const [keywords, setKeywords] = useState<string[]>(entidad.keywords ?? []);
  const [keyword, setKeyword] = useState('');
  const [keywordError, setKeywordError] = useState<string | null>(null);
  const [nmError, setNmError] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onKeywordKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const next = addKeyword(keywords, keyword);
    if (next === 'repetida') return setKeywordError(translate('quipu.bots.entidades.keywordRepetida'));
    if (next === 'vacia') return undefined;
    setKeywords(next);
    setKeyword('');
    setKeywordError(null);
  };

  const save = async () => {
    if (!nm.trim()) return setNmError(true);
    const body: EntidadBody = {
      ...(entidad.id ? { id: entidad.id } : {}),
      idBot: botId,
      nm: nm.trim(),
      dsc: dsc.trim() || null,
      rgx,
      format: rgx ? format : null,
      keywords: rgx ? [] : keywords,
      ...(entidad.type ? { type: entidad.type } : {}),
    };
    setBusy(true);
    setServerError(null);
    try {
      await dataProvider.saveEntity(body);
      notify('quipu.comun.guardado', { type: 'success' });
      onSaved();
    } catch (failure) {
      setServerError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="entidad-titulo" fullWidth maxWidth="sm">
      <DialogTitle id="entidad-titulo">{translate(entidad.id ? 'quipu.bots.entidades.editar' : 'quipu.bots.entidades.nueva')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            id="entidad-nm"
            label={translate('quipu.bots.entidades.nm')}
            value={nm}
            required
            error={nmError}
            helperText={nmError ? translate('quipu.comun.requerido') : undefined}
            onChange={(event) => {
              setNm(event.target.value);
              setNmError(false);
            }}
          />
          <TextField id="entidad-dsc" label={translate('quipu.bots.entidades.dsc')} value={dsc} onChange={(event) => setDsc(event.target.value)} />
          <FormControlLabel control={<Switch checked={rgx} onChange={(event) => setRgx(event.target.checked)} />} label={translate('quipu.bots.entidades.rgx')} />
          {rgx ? (
            <TextField
              id="entidad-format"
              label={translate('quipu.bots.entidades.format')}
              value={format}
              error={!!serverError}
              helperText={serverError ?? translate('quipu.bots.entidades.formatAyuda')}
              onChange={(event) => setFormat(event.target.value)}
              slotProps={{ htmlInput: { spellCheck: false } }}
            />
          ) : (
            <Box>
              <TextField
                id="entidad-keyword"
                fullWidth
                label={translate('quipu.bots.entidades.keyword')}
                value={keyword}
                error={!!keywordError}
                helperText={keywordError ?? translate('quipu.bots.entidades.keywordAyuda')}
                onChange={(event) => {
                  setKeyword(event.target.value);
                  setKeywordError(null);
                }}
                onKeyDown={onKeywordKey}
              />
              <Box component="ul" aria-label={translate('quipu.bots.entidades.keywords')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 1 }}>
                {keywords.map((word) => (
                  <li key={word}>
                    <Chip label={word} onDelete={() => setKeywords(keywords.filter((other) => other !== word))} />
                  </li>
                ))}
              </Box>
              {serverError ? <Alert severity="error" sx={{ mt: 1 }}>{serverError}</Alert> : null}
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <TextButton label="ra.action.cancel" onClick={onClose} disabled={busy} />
        <TextButton label="ra.action.save" variant="contained" onClick={save} disabled={busy} />
      </DialogActions>
    </Dialog>
  );
}
