// The sites allowed to embed the chat (web.domain): typed with Enter, shown as chips, with their help
// under their own text box. A site that is neither a host name nor an origin is refused as it is
// typed, with its own message.
import { useTranslate } from 'react-admin';
import { ChipListInput } from '../../../layout/ChipListInput';
import { isSiteAddress } from './canalWebModel';

export function CanalWebDominios({ readOnly }: { readOnly?: boolean }) {
  const translate = useTranslate();
  const check = (site: string) => (isSiteAddress(site) ? null : translate('quipu.canalWeb.campos.domainInvalido', { sitio: site }));
  return (
    <ChipListInput
      source="web.domain"
      label="quipu.canalWeb.campos.domain"
      listLabel="quipu.canalWeb.campos.domainLista"
      duplicate={translate('quipu.canalWeb.campos.domainRepetido')}
      check={check}
      readOnly={readOnly}
      helperText={translate('quipu.canalWeb.campos.domainAyuda')}
    />
  );
}
