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

const DEFAULT_PRIMARY = { main: '#5b2a86', light: '#7e57c2', dark: '#3e1a5f', contrastText: '#ffffff' };
const ALT_PRIMARY = { main: '#00695c', light: '#26867a', dark: '#004d40', contrastText: '#ffffff' };

const DEFAULT_PALETTE: ThemeOptions['palette'] = {
  primary: DEFAULT_PRIMARY,
  secondary: { main: '#8e24aa', light: '#ab47bc', dark: '#6a1b9a', contrastText: '#ffffff' },
  background: { default: '#ffffff', paper: '#ffffff' },
};

const ALT_PALETTE: ThemeOptions['palette'] = {
  primary: ALT_PRIMARY,
  secondary: { main: '#37474f', light: '#546e7a', dark: '#263238', contrastText: '#ffffff' },
  background: { default: '#f3f6f7', paper: '#ffffff' },
};

/**
 * Keyboard focus as WCAG 2.2's focus appearance asks: a 2 px solid outline, apart from the control,
 * in the brand's dark primary (13.8:1 and 9.1:1 against the two brands' pages). MUI marks what its
 * ButtonBase draws (buttons, icon buttons, tabs, menu and list items, chips, switches, checkboxes,
 * card areas) with .Mui-focusVisible when the keyboard focused it; any other focusable element (a
 * link, a row) matches :focus-visible. Where a scrolling parent would clip an outer ring (tabs, menu
 * and list items, table rows) the ring is drawn just inside; on the coloured app bar and on notices
 * it takes their text colour. Text fields keep their own focused border.
 */
export function focusRingOptions(ring: string): ThemeOptions['components'] {
  const outside = { outlineWidth: '2px', outlineStyle: 'solid', outlineColor: ring, outlineOffset: '2px' };
  const inside = { ...outside, outlineOffset: '-2px' };
  return {
    MuiCssBaseline: {
      styleOverrides: {
        // :where keeps this fallback below any component's own focus style.
        ':where(a[href], button, summary, [tabindex]:not([tabindex="-1"]):not(.MuiInputBase-input)):focus-visible': outside,
      },
    },
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': outside } } },
    MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': inside } } },
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': inside } } },
    MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': inside } } },
    MuiTableRow: { styleOverrides: { root: { '&:focus-visible': inside } } },
    MuiLink: { styleOverrides: { root: { '&:focus-visible, &.Mui-focusVisible': outside } } },
    MuiAppBar: { styleOverrides: { root: { '& .MuiButtonBase-root.Mui-focusVisible, & a:focus-visible': { outlineColor: 'currentColor' } } } },
    MuiAlert: { styleOverrides: { root: { '& .MuiButtonBase-root.Mui-focusVisible': { outlineColor: 'currentColor' } } } },
  };
}

export function brandThemeOptions(brand: Pick<Brand, 'alt'>): ThemeOptions {
  const palette = brand.alt ? ALT_PALETTE : DEFAULT_PALETTE;
  return {
    palette: { ...NOTICE_COLOURS, ...palette },
    breakpoints: BREAKPOINTS,
    typography: { fontFamily: 'Roboto, "Segoe UI", "Helvetica Neue", Arial, sans-serif' },
    components: focusRingOptions((brand.alt ? ALT_PRIMARY : DEFAULT_PRIMARY).dark),
  };
}
