// Spanish only: polyglot over our own catalogue.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { es } from './es';

export const i18nProvider = polyglotI18nProvider(() => es, 'es', [{ locale: 'es', name: 'Español' }]);
