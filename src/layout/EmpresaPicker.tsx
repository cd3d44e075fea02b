// The system admin's 'Empresa' select, at the top of the screens that work on one company, and
// until a company is picked, what to do. Nobody else sees it: they work on their own company.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { messageOf } from '../api/HttpError';
import { useEmpresaScope } from '../permissions/useEmpresaScope';

export const EMPRESA_TEXTS = {
  empresa: 'Empresa',
  seleccione: 'Seleccione',
  cargando: 'Cargando...',
  error: 'No se pudo leer la lista de empresas',
  verBots: 'Seleccione una empresa para ver sus bots.',
  verCanales: 'Seleccione una empresa para ver sus canales.',
  crearCanal: 'Seleccione una empresa para crear el canal.',
} as const;

export function EmpresaPicker({ prompt }: { prompt: string }) {
  const { picks, idE, empresas, isPending, error, choose } = useEmpresaScope();
  if (!picks) return null;
  const value = idE && empresas?.some((empresa) => empresa.id === idE) ? idE : '';
  return (
    <Box sx={{ mb: 2 }}>
      <TextField
        select
        id="empresa-elegida"
        label={EMPRESA_TEXTS.empresa}
        size="small"
        value={value}
        onChange={(event) => choose(event.target.value)}
        error={!!error}
        helperText={error ? `${EMPRESA_TEXTS.error}: ${messageOf(error)}` : ' '}
        sx={{ width: 320, maxWidth: '100%' }}
        slotProps={{
          inputLabel: { shrink: true },
          select: {
            displayEmpty: true,
            renderValue: (id) => empresas?.find((empresa) => empresa.id === id)?.nm ?? (isPending ? EMPRESA_TEXTS.cargando : EMPRESA_TEXTS.seleccione),
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
          {prompt}
        </Alert>
      )}
    </Box>
  );
}
