// Shown until the session check completes, and while the app chunk loads.
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function Loader() {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '100vh' }}>
      <CircularProgress aria-label="Cargando..." />
    </Box>
  );
}
