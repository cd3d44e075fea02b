// The admin theme: react-admin's defaults, the brand's palette and breakpoints, and MUI's
// Spanish component texts. Every confirmation dialog answers 'Si' / 'No' (spec §2), react-admin's
// DeleteWithConfirmButton's included.
import { esES } from '@mui/material/locale';
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import type { Brand } from '../api/sessionTypes';
import { brandThemeOptions } from './themes';

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

export function adminTheme(brand: Pick<Brand, 'alt'>): RaThemeOptions {
  return [brandThemeOptions(brand), esES, confirmTexts].reduce<Plain>((theme, part) => merge(theme, part as Plain), defaultLightTheme as Plain) as RaThemeOptions;
}
