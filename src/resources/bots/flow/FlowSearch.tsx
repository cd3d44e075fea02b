// 'Buscar skill': type part of a name (case and accents ignored), pick one, and the diagram centers
// on that skill and selects it.
import { memo, useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import type { SkillSummary } from './diagramModel';
import { matchSkills, searchIndex } from './skillSearch';

interface FlowSearchProps {
  skills: readonly SkillSummary[];
  onPick: (id: string) => void;
}

export const FlowSearch = memo(function FlowSearch({ skills, onPick }: FlowSearchProps) {
  const translate = useTranslate();
  const index = useMemo(() => searchIndex(skills), [skills]);
  const [input, setInput] = useState('');
  const [value, setValue] = useState<SkillSummary | null>(null);
  const options = useMemo(() => matchSkills(index, input), [index, input]);
  return (
    <Autocomplete
      size="small"
      sx={{ width: 240 }}
      options={options}
      // The options are already the matches (matchSkills): no second filter.
      filterOptions={(found) => found}
      getOptionLabel={(skill) => skill.nm}
      getOptionKey={(skill) => skill.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      autoHighlight
      value={value}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      onChange={(_, skill) => {
        setValue(skill);
        if (skill) onPick(skill.id);
      }}
      noOptionsText={translate('quipu.flujo.sinCoincidencias')}
      renderInput={(params) => <TextField {...params} label={translate('quipu.flujo.buscar')} />}
    />
  );
});
