// The sites allowed to embed the chat (web.domain): typed with Enter, shown as chips. A site that is
// neither a host name nor an origin is refused as it is typed, with its own message.
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { ChipListInput } from '../../../resources/skills/ChipListInput';
import { isSiteAddress } from './canalWebModel';

export function CanalWebDominios({ readOnly }: { readOnly?: boolean }) {
  const translate = useTranslate();
  const check = (site: string) => (isSiteAddress(site) ? null : translate('quipu.canalWeb.campos.domainInvalido', { sitio: site }));
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('quipu.canalWeb.campos.domainAyuda')}
      </Typography>
      <ChipListInput
        source="web.domain"
        label="quipu.canalWeb.campos.domain"
        listLabel="quipu.canalWeb.campos.domainLista"
        duplicate={translate('quipu.canalWeb.campos.domainRepetido')}
        check={check}
        readOnly={readOnly}
      />
    </>
  );
}
