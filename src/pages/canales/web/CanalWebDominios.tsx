// The sites allowed to embed the chat (web.domain): typed with Enter, shown as chips. A site that is
// neither a host name nor an origin is refused on Guardar with its own message.
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useController } from 'react-hook-form';
import { ChipListInput } from '../../../resources/skills/ChipListInput';
import { isSiteAddress } from './canalWebModel';

const SOURCE = 'web.domain';

export function CanalWebDominios({ readOnly }: { readOnly?: boolean }) {
  const translate = useTranslate();
  // Adds the check to the list ChipListInput edits (both control the same field).
  useController({
    name: SOURCE,
    rules: {
      validate: (value: unknown) => {
        const bad = (Array.isArray(value) ? (value as string[]) : []).find((site) => !isSiteAddress(site));
        return bad === undefined ? true : translate('quipu.canalWeb.campos.domainInvalido', { sitio: bad });
      },
    },
  });
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('quipu.canalWeb.campos.domainAyuda')}
      </Typography>
      <ChipListInput
        source={SOURCE}
        label="quipu.canalWeb.campos.domain"
        listLabel="quipu.canalWeb.campos.domainLista"
        duplicate={translate('quipu.canalWeb.campos.domainRepetido')}
        readOnly={readOnly}
      />
    </>
  );
}
