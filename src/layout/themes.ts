// Brand themes: the default brand in purple and white, the alternative brand in teal
// and slate. Breakpoints are moved so the mobile layout switches at 993 px.
import type { ThemeOptions } from '@mui/material/styles';
import type { Brand } from '../../common/sessionTypes';

export const MOBILE_BREAKPOINT = 993;

export const BREAKPOINTS = {
  values: { xs: 0, sm: 600, md: MOBILE_BREAKPOINT, lg: 1200, xl: 1536 },
};

// Every main colour keeps at least 4.5:1 against white text (WCAG AA); MUI's default info and
// warning colours do not, and filled notices use them.
const NOTICE_COLOURS: ThemeOptions['palette'] = {
  error: { main: '#c62828', contrastText: '#ffffff' },
  warning: { main: '#a84b00', contrastText: '#ffffff' },
  info: { main: '#0b5d8f', contrastText: '#ffffff' },
  success: { main: '#2e7d32', contrastText: '#ffffff' },
};

const DEFAULT_PALETTE: ThemeOptions['palette'] = {
  primary: { main: '#5b2a86', light: '#7e57c2', dark: '#3e1a5f', contrastText: '#ffffff' },
  secondary: { main: '#8e24aa', light: '#ab47bc', dark: '#6a1b9a', contrastText: '#ffffff' },
  background: { default: '#ffffff', paper: '#ffffff' },
};

const ALT_PALETTE: ThemeOptions['palette'] = {
  primary: { main: '#00695c', light: '#26867a', dark: '#004d40', contrastText: '#ffffff' },
  secondary: { main: '#37474f', light: '#546e7a', dark: '#263238', contrastText: '#ffffff' },
  background: { default: '#f3f6f7', paper: '#ffffff' },
};

export function brandThemeOptions(brand: Pick<Brand, 'alt'>): ThemeOptions {
  return {
    palette: { ...NOTICE_COLOURS, ...(brand.alt ? ALT_PALETTE : DEFAULT_PALETTE) },
    breakpoints: BREAKPOINTS,
    typography: { fontFamily: 'Roboto, "Segoe UI", "Helvetica Neue", Arial, sans-serif' },
  };
}
