// Footer of every screen: copyright with the year the console was built (not the visitor's clock,
// which would date an old build as new) and the brand, and the location line.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useBrand } from './BrandContext';

export const LOCATION = 'Lima, Perú';

export function Footer() {
  const { name } = useBrand();
  return (
    <Box component="footer" sx={{ py: 2, px: 1, textAlign: 'center', color: 'text.secondary' }}>
      <Typography variant="body2">
        © {__BUILD_YEAR__} {name}
      </Typography>
      <Typography variant="body2">{LOCATION}</Typography>
    </Box>
  );
}
