// The training phrases: typed with Enter, or brought in by the 'Frases de entrenamiento' modal. A
// skill may have hundreds, so the list has a count and a filter, and draws at most SHOWN chips.
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useTranslate } from 'react-admin';
import { SKILL_MESSAGES, textKey } from '../../../common/schemas/skillRules';
import { ChipListInput } from '../../layout/ChipListInput';
import { PhrasesButton } from './PhrasesDialog';

/** More chips than this make typing slow; the filter finds the rest. */
export const SHOWN = 200;

export function PhraseListInput({ skillId }: { skillId: string }) {
  const translate = useTranslate();
  const [filter, setFilter] = useState('');
  const query = textKey(useDeferredValue(filter));

  const matching = (list: string[]) => list.map((item, index) => ({ item, index })).filter(({ item }) => !query || textKey(item).includes(query));

  const header = (list: string[]) => {
    const found = query ? matching(list).length : list.length;
    return (
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <TextField
          id="skill-frases-filtro"
          type="search"
          size="small"
          label={translate('quipu.skills.filtrarFrases')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          sx={{ width: 280, maxWidth: '100%' }}
        />
        <Typography role="status" variant="body2" color="text.secondary">
          {query ? translate('quipu.skills.cuentaFiltradas', { n: found, total: list.length }) : translate('quipu.skills.cuentaFrases', { smart_count: list.length })}
          {found > SHOWN ? ` · ${translate('quipu.skills.mostrandoFrases', { n: SHOWN, total: found })}` : ''}
        </Typography>
      </Box>
    );
  };

  return (
    <ChipListInput
      source="frases"
      label="quipu.skills.frase"
      listLabel="quipu.skills.frases"
      duplicate={SKILL_MESSAGES.fraseRepetida}
      visible={(list) => matching(list).slice(0, SHOWN)}
      header={header}
      aside={<PhrasesButton skillId={skillId} />}
    />
  );
}
