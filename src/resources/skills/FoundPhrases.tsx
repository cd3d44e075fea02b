// The phrases a file or a preset brought, each with its checkbox (all checked at first), and a
// 'select all' toggle.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import { memo } from 'react';
import { useEvent, useTranslate } from 'react-admin';

interface FoundPhrasesProps {
  phrases: string[];
  checked: boolean[];
  onChange: (checked: boolean[]) => void;
}

const PhraseCheckbox = memo(function PhraseCheckbox({ phrase, index, checked, onToggle }: { phrase: string; index: number; checked: boolean; onToggle: (index: number) => void }) {
  return (
    <li>
      <FormControlLabel control={<Checkbox size="small" checked={checked} onChange={() => onToggle(index)} />} label={phrase} />
    </li>
  );
});

export function FoundPhrases({ phrases, checked, onChange }: FoundPhrasesProps) {
  const translate = useTranslate();
  const count = checked.filter(Boolean).length;
  const toggle = useEvent((index: number) => onChange(checked.map((value, i) => (i === index ? !value : value))));
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">{translate('quipu.skills.encontradas')}</FormLabel>
      <FormControlLabel
        control={
          <Checkbox
            checked={count === phrases.length}
            indeterminate={count > 0 && count < phrases.length}
            onChange={() => onChange(phrases.map(() => count < phrases.length))}
          />
        }
        label={translate('quipu.skills.todas', { n: count, total: phrases.length })}
      />
      <Box component="ul" sx={{ listStyle: 'none', m: 0, pl: 2, maxHeight: 320, overflowY: 'auto' }}>
        {phrases.map((phrase, i) => (
          <PhraseCheckbox key={i} phrase={phrase} index={i} checked={checked[i]} onToggle={toggle} />
        ))}
      </Box>
    </FormControl>
  );
}
