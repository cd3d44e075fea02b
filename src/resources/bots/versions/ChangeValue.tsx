// One side of a changed field (before or after): readable text, JSON indented, a long value cut
// with 'Ver todo' to open it whole.
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { previewOf, readableValue } from './versionModel';

export function ChangeValue({ value }: { value: unknown }) {
  const translate = useTranslate();
  const [whole, setWhole] = useState(false);
  const valueId = useId();
  const text = readableValue(value);
  const { preview, truncated } = previewOf(text);
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'baseline', minWidth: 0, maxWidth: '100%' }}>
      <Box
        component="span"
        id={valueId}
        sx={{ m: 0, fontFamily: 'monospace', fontSize: '0.8125rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minWidth: 0 }}
      >
        {whole ? text : preview}
      </Box>
      {truncated ? (
        <MuiButton size="small" onClick={() => setWhole(!whole)} aria-expanded={whole} aria-controls={valueId} sx={{ flexShrink: 0 }}>
          {translate(whole ? 'quipu.versiones.verMenos' : 'quipu.versiones.verTodo')}
        </MuiButton>
      ) : null}
    </Box>
  );
}
