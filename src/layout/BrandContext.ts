// The brand of the host the console is served from (GET /public/athena): name and theme choice.
import { createContext, useContext } from 'react';
import { DEFAULT_BRAND } from '../api/sessionModel';
import type { Brand } from '../../common/sessionTypes';

export const BrandContext = createContext<Brand>(DEFAULT_BRAND);

export function useBrand(): Brand {
  return useContext(BrandContext);
}
