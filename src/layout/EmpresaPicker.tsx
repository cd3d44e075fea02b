// The system admin's 'Empresa' select, at the top of the screens that work on one company, and
// until a company is picked, what to do. Nobody else sees it: they work on their own company.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { messageOf } from '../api/HttpError';
import { useEmpresaScope } from '../permissions/useEmpresaScope';

/** What to do until a company is picked, as a catalogue key of quipu.empresaPicker. */
export type EmpresaPrompt = 'quipu.empresaPicker.verBots' | 'quipu.empresaPicker.verCanales' | 'quipu.empresaPicker.crearCanal';

export function EmpresaPicker({ prompt }: { prompt: EmpresaPrompt }) {
  const translate = useTranslate();
  const { picks, idE, empresas, isPending, error, choose } = useEmpresaScope();
  if (!picks) return null;
  const value = idE && empresas?.some((empresa) => empresa.id === idE) ? idE : '';
  return (
    <Box sx={{ mb: 2 }}>
      <TextField
        select
        id="empresa-elegida"
        label={translate('quipu.empresaPicker.empresa')}
        size="small"
        value={value}
        onChange={(event) => choose(event.target.value)}
        error={!!error}
        helperText={error ? translate('quipu.empresaPicker.error', { error: messageOf(error) }) : ' '}
        sx={{ width: 320, maxWidth: '100%' }}
        slotProps={{
          inputLabel: { shrink: true },
          select: {
            displayEmpty: true,
            renderValue: (id) => empresas?.find((empresa) => empresa.id === id)?.nm ?? translate(isPending ? 'quipu.empresaPicker.cargando' : 'quipu.empresaPicker.seleccione'),
          },
        }}
      >
        {(empresas ?? []).map((empresa) => (
          <MenuItem key={empresa.id} value={empresa.id}>
            {empresa.nm}
          </MenuItem>
        ))}
      </TextField>
      {idE ? null : (
        <Alert severity="info" role="status">
          {translate(prompt)}
        </Alert>
      )}
    </Box>
  );
}
