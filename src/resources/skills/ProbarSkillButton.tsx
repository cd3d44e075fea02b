// 'Probar Skill' in the skill editor (phrase test and token test): POST /skill.test with the saved
// skill (disabled for a skill without id).
import ScienceIcon from '@mui/icons-material/Science';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { MAX_MESSAGE } from '../../../common/schemas/chat';
import type { QuipuDataProvider } from '../../api/dataProvider';
import { messageOf } from '../../api/HttpError';
import { noticeText } from '../../layout/noticeText';
import { SkillTestResult } from './SkillTestResult';

const P = 'quipu.probarSkill';
type Mode = 'frase' | 'token';

export function ProbarSkillButton({ skillId, idBot }: { skillId: string; idBot: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<Mode>('frase');
  const [text, setText] = useState('');
  const test = useMutation({
    mutationFn: (token: boolean) => dataProvider.testSkill({ id: skillId, idBot, text, token }),
    onError: (error) => notify(messageOf(error), noticeText(messageOf(error), 'error')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) test.mutate(mode === 'token');
  };
  const changeMode = (next: Mode) => {
    setMode(next);
    test.reset();
  };

  return (
    <>
      <Button variant="outlined" startIcon={<ScienceIcon />} disabled={!skillId} onClick={() => setOpen(true)}>
        {translate(`${P}.boton`)}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="probar-skill-title" fullWidth maxWidth="sm" fullScreen={fullScreen}>
        <form onSubmit={submit} noValidate>
          <DialogTitle id="probar-skill-title">{translate(`${P}.titulo`)}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate(`${P}.guardado`)}
            </Typography>
            <FormControl>
              <FormLabel id="probar-skill-modo">{translate(`${P}.modo`)}</FormLabel>
              <RadioGroup row aria-labelledby="probar-skill-modo" value={mode} onChange={(event) => changeMode(event.target.value as Mode)}>
                <FormControlLabel value="frase" control={<Radio />} label={translate(`${P}.frase`)} />
                <FormControlLabel value="token" control={<Radio />} label={translate(`${P}.token`)} />
              </RadioGroup>
            </FormControl>
            <TextField
              fullWidth
              margin="dense"
              label={translate(`${P}.texto`)}
              value={text}
              onChange={(event) => setText(event.target.value)}
              slotProps={{ htmlInput: { maxLength: MAX_MESSAGE } }}
            />
            {test.data && test.variables === (mode === 'token') ? <SkillTestResult answer={test.data} token={mode === 'token'} /> : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate(`${P}.cerrar`)}</Button>
            <Button type="submit" variant="contained" disabled={!text.trim() || test.isPending}>
              {translate(`${P}.probar`)}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
