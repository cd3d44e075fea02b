// One side of a changed field ('antes' / 'después'): readable text, JSON indented, a long value cut
// with 'Ver todo' to open it whole.
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import { previewOf, readableValue } from './versionModel';
import { VERSION_TEXTS as T } from './versionTexts';

export function ChangeValue({ label, value }: { label: string; value: unknown }) {
  const [whole, setWhole] = useState(false);
  const valueId = useId();
  const text = readableValue(value);
  const { preview, truncated } = previewOf(text);
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
      <Box component="span" sx={{ color: 'text.secondary', minWidth: 56 }}>
        {`${label}:`}
      </Box>
      <Box
        component="pre"
        id={valueId}
        sx={{ m: 0, fontFamily: 'monospace', fontSize: '0.8125rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}
      >
        {whole ? text : preview}
      </Box>
      {truncated ? (
        <MuiButton size="small" onClick={() => setWhole(!whole)} aria-expanded={whole} aria-controls={valueId} sx={{ flexShrink: 0 }}>
          {whole ? T.verMenos : T.verTodo}
        </MuiButton>
      ) : null}
    </Box>
  );
}
