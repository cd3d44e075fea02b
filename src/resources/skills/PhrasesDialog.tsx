// 'Frases de entrenamiento': phrases from a .txt file (one a line) or from the
// server's greetings, farewells or insults, each with a checkbox. 'Agregar' sends the checked ones
// to POST /skill.frases, which stores them at once; the form then shows them without losing what
// was typed and not saved yet, and takes the skill's new rev when no one else saved in between.
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import Alert from '@mui/material/Alert';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { QuipuDataProvider } from '../../api/dataProvider';
import { messageOf } from '../../api/HttpError';
import { noticeText } from '../../layout/noticeText';
import { addedMessage, mergePhrases, PRESET_TYPES, SKILL_MESSAGES, type PresetType } from '../../../common/schemas/skillRules';
import { FoundPhrases } from './FoundPhrases';
import { readPhraseFile } from './phraseFile';

type Origin = 'archivo' | PresetType;

const ORIGIN_LABELS: Record<Origin, string> = {
  archivo: 'quipu.skills.origenArchivo',
  saludos: 'quipu.skills.origenSaludos',
  despedidas: 'quipu.skills.origenDespedidas',
  insultos: 'quipu.skills.origenInsultos',
};

export function PhrasesButton({ skillId }: { skillId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="quipu.skills.frasesBoton" variant="outlined" onClick={() => setOpen(true)} sx={{ mt: 0.5 }}>
        <PlaylistAddIcon />
      </Button>
      {open ? <PhrasesDialog skillId={skillId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** The phrases found, and which are checked. */
interface Found {
  phrases: string[];
  checked: boolean[];
}

export function PhrasesDialog({ skillId, onClose }: { skillId: string; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const notify = useNotify();
  const { getValues, setValue, resetDefaultValues, control } = useFormContext();
  const [origin, setOrigin] = useState<Origin>('archivo');
  const [file, setFile] = useState<File | null>(null);
  const [found, setFound] = useState<Found | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState(false);
  // Only the latest file or preset asked for may fill the list.
  const request = useRef(0);

  const show = (lines: string[]) => {
    // A line repeated in the file is one phrase.
    const phrases = mergePhrases([], lines).list;
    setFound({ phrases, checked: phrases.map(() => true) });
  };

  const choose = async (next: Origin) => {
    const ticket = ++request.current;
    setOrigin(next);
    setFound(null);
    setError(null);
    setFile(null);
    if (next === 'archivo') return;
    setLoading(true);
    try {
      const answer = await dataProvider.getPresetPhrases(skillId, next);
      if (ticket === request.current) show(answer.frases);
    } catch (failure) {
      if (ticket === request.current) setError(messageOf(failure));
    } finally {
      if (ticket === request.current) setLoading(false);
    }
  };

  const pick = async (picked: File | null) => {
    const ticket = ++request.current;
    setFile(picked);
    setFound(null);
    setError(null);
    if (!picked) return;
    const lines = await readPhraseFile(picked);
    if (ticket !== request.current) return;
    if (lines === null) setError(SKILL_MESSAGES.archivoIlegible);
    else if (lines.length === 0) setError(translate('quipu.skills.archivoVacio'));
    else show(lines);
  };

  const add = async () => {
    if (origin === 'archivo' && !file) return setError(SKILL_MESSAGES.seleccioneArchivo);
    if (!found) return undefined; // the file's or the preset's message is already shown
    const lines = found.phrases.filter((_, i) => found.checked[i]);
    if (lines.length === 0) return setError(SKILL_MESSAGES.seleccioneFrases);
    setBusy(true);
    setError(null);
    try {
      const rev = getValues('rev') as number | undefined;
      const answer = await dataProvider.addPhrases(skillId, lines, rev);
      // The server stored them: the chosen lines join both the phrases on screen and the form's
      // saved state, so the form stays dirty only for what the user typed (or removed) and did not
      // save. The count is what the user sees added to the list on screen.
      const advanced = rev !== undefined && answer.rev === rev + 1;
      const stored = control._defaultValues as Record<string, unknown>;
      const onScreen = mergePhrases((getValues('frases') as string[] | undefined) ?? [], lines);
      setValue('frases', onScreen.list);
      if (advanced) setValue('rev', answer.rev);
      resetDefaultValues({
        ...stored,
        frases: mergePhrases((stored.frases as string[] | undefined) ?? [], lines).list,
        ...(advanced ? { rev: answer.rev } : {}),
      });
      const message = addedMessage(onScreen.added);
      notify(message, noticeText(message, 'success'));
      onClose();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="skill-frases-titulo" fullWidth maxWidth="sm">
      <DialogTitle id="skill-frases-titulo">{translate('quipu.skills.frasesTitulo')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <FormControl component="fieldset">
            <FormLabel component="legend">{translate('quipu.skills.origen')}</FormLabel>
            <RadioGroup row name="skill-frases-origen" value={origin} onChange={(event) => void choose(event.target.value as Origin)}>
              {(['archivo', ...PRESET_TYPES] as Origin[]).map((value) => (
                <FormControlLabel key={value} value={value} control={<Radio />} label={translate(ORIGIN_LABELS[value])} />
              ))}
            </RadioGroup>
          </FormControl>
          {origin === 'archivo' ? (
            <div>
              <Typography component="label" htmlFor="skill-frases-archivo" variant="body2" sx={{ display: 'block', mb: 0.5 }}>
                {translate('quipu.skills.archivo')}
              </Typography>
              <input
                id="skill-frases-archivo"
                type="file"
                accept=".txt,text/plain"
                aria-describedby={error ? 'skill-frases-error' : undefined}
                onChange={(event) => void pick(event.target.files?.[0] ?? null)}
              />
            </div>
          ) : null}
          {loading ? <Typography role="status">{translate('quipu.skills.cargando')}</Typography> : null}
          {found ? <FoundPhrases phrases={found.phrases} checked={found.checked} onChange={(checked) => {
            setFound({ ...found, checked });
            setError(null);
          }} /> : null}
          {error ? (
            <Alert severity="error" id="skill-frases-error" role="alert">
              {error}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        {/* MUI's buttons keep their text on a phone, where react-admin's shrink to an icon. */}
        <MuiButton onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </MuiButton>
        <MuiButton variant="contained" startIcon={<PlaylistAddIcon />} onClick={() => void add()} disabled={busy || loading}>
          {translate('quipu.skills.agregar')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}
