// The deploy's and the versions' sentences with values in them, told by a translate function over
// the catalogue (quipu.versiones): useTranslate's in the components.
import { useMemo } from 'react';
import { useTranslate, type TranslateFunction } from 'react-admin';
import { versionesTexts } from '../../../i18n/esVersiones';
import { i18nProvider } from '../../../i18n/i18nProvider';

export const versionMessages = (translate: TranslateFunction) => ({
  desplegado: (version: number) => translate('quipu.versiones.desplegado', { version }),
  errorDesplegar: (msg: string | null) => translate('quipu.versiones.errorDesplegar', { msg: msg ?? '' }).trim(),
  entrenando: (percent: number) => translate('quipu.versiones.entrenando', { percent }),
  pruebasFallan: (failed: string[], total: number) =>
    translate('quipu.versiones.pruebasFallan', {
      fallan: failed.length,
      total,
      pruebas: translate('quipu.versiones.pruebasN', { smart_count: total }),
      nombres: failed.join(', '),
    }),
  restaurarTitulo: (version: number) => translate('quipu.versiones.restaurarTitulo', { version }),
  restaurarTexto: (version: number) => translate('quipu.versiones.restaurarTexto', { version }),
  cambiosDe: (a: number, b: number) => translate('quipu.versiones.cambiosDe', { a, b }),
  sinCambioLista: (n: number) => translate('quipu.versiones.sinCambioLista', { n }),
});

/** versionMessages with the component's useTranslate. */
export function useVersionMessages() {
  const translate = useTranslate();
  return useMemo(() => versionMessages(translate), [translate]);
}

/** The catalogue's texts and sentences, outside React: what the server's messages are checked against. */
export const VERSION_TEXTS = { ...versionesTexts.versiones, ...versionMessages(i18nProvider.translate) };
