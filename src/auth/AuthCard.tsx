// The frame of the public pages: brand, page title (also the browser tab's), the form, and the footer.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useBrand } from '../layout/BrandContext';
import { useDocumentTitle } from '../layout/documentTitle';
import { Footer } from '../layout/Footer';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { name } = useBrand();
  useDocumentTitle(title);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
        <Paper elevation={3} sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
          <Typography component="p" variant="h4" color="primary" sx={{ textAlign: 'center', fontWeight: 500 }}>
            {name}
          </Typography>
          <Typography component="h1" variant="h6" sx={{ textAlign: 'center', mt: 1 }}>
            {title}
          </Typography>
          {children}
        </Paper>
      </Box>
      <Footer />
    </Box>
  );
}
