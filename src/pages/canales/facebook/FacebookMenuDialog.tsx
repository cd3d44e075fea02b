// 'Menu Persistente': a page ('Campo requerido'; saving without one says 'Selecione una pagina'),
// up to 3 buttons ('Debe tener al menos un botón' while there is none; saving so says 'Necesita
// añadir un botón como mínimo'), the add control gone at 3; saved through POST /fb/menu.
import { useState } from 'react';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import MenuIcon from '@mui/icons-material/Menu';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { MENU_LIMITS, menuProblem, type FacebookPage } from '../../../api/canales';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { messageOf } from '../../../api/HttpError';
import { useCanalEditorContext } from '../common';
import { blankButton, toMenuButtons, type MenuButtonValues } from './facebookModel';
import { FacebookMenuButtonInputs } from './FacebookMenuButtonInputs';

type Touched = Array<{ title: boolean; value: boolean }>;

export function FacebookMenuDialog({ pages }: { pages: readonly FacebookPage[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const { canal, readOnly } = useCanalEditorContext();
  const [open, setOpen] = useState(false);
  const [pageId, setPageId] = useState('');
  const [pageTouched, setPageTouched] = useState(false);
  const [buttons, setButtons] = useState<MenuButtonValues[]>([]);
  const [touched, setTouched] = useState<Touched>([]);
  const [busy, setBusy] = useState(false);
  if (!canal?.id || readOnly) return null;

  const start = () => {
    setPageId('');
    setPageTouched(false);
    setButtons([]);
    setTouched([]);
    setOpen(true);
  };
  const add = () => {
    setButtons((all) => [...all, blankButton()]);
    setTouched((all) => [...all, { title: false, value: false }]);
  };
  const remove = (i: number) => {
    setButtons((all) => all.filter((_, k) => k !== i));
    setTouched((all) => all.filter((_, k) => k !== i));
  };
  const save = async () => {
    if (!pageId) {
      setPageTouched(true);
      notify('quipu.facebook.seleccionePagina', { type: 'error' });
      return;
    }
    if (!buttons.length) {
      notify('quipu.facebook.necesitaBoton', { type: 'error' });
      return;
    }
    if (menuProblem(pageId, toMenuButtons(buttons))) {
      setTouched(buttons.map(() => ({ title: true, value: true })));
      return;
    }
    setBusy(true);
    try {
      await dataProvider.saveFacebookMenu(canal.id, pageId, toMenuButtons(buttons));
      notify('quipu.facebook.guardado', { type: 'success' });
      setOpen(false);
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <MuiButton variant="outlined" startIcon={<MenuIcon />} onClick={start} sx={{ alignSelf: 'flex-start' }}>
        {translate('quipu.facebook.menu')}
      </MuiButton>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="fb-menu-titulo" fullWidth maxWidth="md">
        <DialogTitle id="fb-menu-titulo">{translate('quipu.facebook.menu')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Typography variant="body2">{translate('quipu.facebook.menuTexto')}</Typography>
          <TextField
            select
            id="fb-menu-pagina"
            label={translate('quipu.facebook.pagina')}
            value={pageId}
            required
            size="small"
            error={pageTouched && !pageId}
            helperText={pageTouched && !pageId ? translate('quipu.facebook.requerido') : ' '}
            onChange={(event) => setPageId(event.target.value)}
            onBlur={() => setPageTouched(true)}
            sx={{ maxWidth: 400, mt: 1 }}
          >
            {pages.map((page) => (
              <MenuItem key={page.id} value={page.id}>
                {page.name}
              </MenuItem>
            ))}
          </TextField>
          {buttons.length === 0 ? (
            <Typography role="status" color="error" variant="body2">
              {translate('quipu.facebook.alMenosUnBoton')}
            </Typography>
          ) : null}
          {buttons.map((button, i) => (
            <FacebookMenuButtonInputs
              key={i}
              n={i + 1}
              button={button}
              showErrors={touched[i]}
              onChange={(next) => setButtons((all) => all.map((b, k) => (k === i ? next : b)))}
              onBlur={(field) => setTouched((all) => all.map((t, k) => (k === i ? { ...t, [field]: true } : t)))}
              onRemove={() => remove(i)}
            />
          ))}
          {buttons.length < MENU_LIMITS.buttons ? (
            <Box>
              <MuiButton startIcon={<AddIcon />} onClick={add}>
                {translate('quipu.facebook.agregarBoton')}
              </MuiButton>
            </Box>
          ) : null}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('quipu.facebook.cancelar')}</MuiButton>
          <MuiButton variant="contained" disabled={busy} onClick={() => void save()}>
            {translate('quipu.facebook.guardar')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
