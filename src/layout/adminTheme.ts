// The admin theme: react-admin's defaults, the brand's palette and breakpoints, and MUI's
// Spanish component texts. Every confirmation dialog answers 'Si' / 'No', react-admin's
// DeleteWithConfirmButton's included.
import KeyboardDoubleArrowDownIcon from '@mui/icons-material/KeyboardDoubleArrowDown';
import { esES } from '@mui/material/locale';
import { createElement } from 'react';
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import type { Brand } from '../../common/sessionTypes';
import { brandThemeOptions, MOBILE_BREAKPOINT } from './themes';

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);

function merge(target: Plain, source: Plain): Plain {
  const result: Plain = { ...target };
  for (const [key, value] of Object.entries(source)) {
    result[key] = isPlain(value) && isPlain(result[key]) ? merge(result[key] as Plain, value) : value;
  }
  return result;
}

const confirmTexts = { components: { RaConfirm: { defaultProps: { confirm: 'quipu.comun.si', cancel: 'quipu.comun.no' } } } };

/** The app bar's spinner while data loads is a progress bar: it is named, as every one must be (react-admin passes these props to it). */
const namedLoading = { components: { RaLoadingIndicator: { defaultProps: { 'aria-label': 'Cargando...' } } } };

/**
 * Below 'sm' react-admin's buttons show only their icon: its skip link ('Saltar al contenido')
 * gets one, so that on a phone it is not an empty box when the keyboard reaches it.
 */
const skipLinkIcon = { components: { RaSkipNavigationButton: { defaultProps: { children: createElement(KeyboardDoubleArrowDownIcon) } } } };

/** Where react-admin's floating create button sits below 'md' (RaCreateButton-floating: bottom 60 px, 56 px high). */
export const FLOATING_CREATE = { bottom: 60, height: 56 };

/**
 * Below 'md' a list's create button floats over the page's bottom right corner, where the list's
 * pagination ends: a list holding one leaves that much room under itself, so its last page
 * button can be reached.
 */
const floatingCreateRoom = {
  components: {
    RaList: {
      styleOverrides: {
        root: {
          // MUI's breakpoints.down('md'), where CreateButton floats.
          [`@media (max-width: ${MOBILE_BREAKPOINT - 0.05}px)`]: {
            '&:has(.RaCreateButton-floating)': { paddingBottom: `${FLOATING_CREATE.bottom + FLOATING_CREATE.height + 16}px` },
          },
        },
      },
    },
  },
};

/**
 * Below 'sm' react-admin fixes a form's toolbar to the bottom of the screen without leaving room
 * for it, so it covers the form's last fields once it wraps to two rows (the bot editor's). Sticky,
 * it stays at the bottom while the form scrolls and takes its own room at the form's end. A card
 * clips rather than hides its overflow: a hidden one would be the scroll box the toolbar sticks to.
 */
const stickyFormToolbar = {
  components: {
    RaToolbar: { styleOverrides: { root: { '&.RaToolbar-mobileToolbar': { position: 'sticky' } } } },
    MuiCard: { styleOverrides: { root: { overflow: 'clip' } } },
  },
};

export function adminTheme(brand: Pick<Brand, 'alt'>): RaThemeOptions {
  return [brandThemeOptions(brand), esES, confirmTexts, namedLoading, skipLinkIcon, floatingCreateRoom, stickyFormToolbar].reduce<Plain>((theme, part) => merge(theme, part as Plain), defaultLightTheme as Plain) as RaThemeOptions;
}
