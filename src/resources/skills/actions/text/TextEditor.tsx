// A text action's editor: its texts, each editable, and a new one added with
// Enter or 'Agregar texto'. A blank one is refused with the info 'Debe ingresar un texto valido
// para ser agregado'; the action needs at least one ('Debe ingresar al menos un texto').
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useController } from 'react-hook-form';
import { addToList } from '../../../../../common/schemas/skillRules';
import { noticeText } from '../../../../layout/noticeText';
import { errorAt } from '../../cards/formRules';

export function TextEditor() {
  const translate = useTranslate();
  const notify = useNotify();
  const id = useId();
  const { field, formState } = useController({ name: 'text' });
  const texts = (field.value as string[] | undefined) ?? [];
  const [draft, setDraft] = useState('');
  const error = errorAt(formState.errors, 'text');

  const add = () => {
    const result = addToList(texts, draft, translate('quipu.acciones.texto.repetido'));
    if ('message' in result) {
      notify(result.message, noticeText(result.message, 'info'));
      return;
    }
    field.onChange(result.list);
    setDraft('');
  };

  return (
    <Box component="section" aria-labelledby={`${id}-titulo`}>
      <Typography id={`${id}-titulo`} component="h4" variant="subtitle2">
        {translate('quipu.acciones.texto.textos')}
      </Typography>
      {texts.map((text, i) => {
        const label = translate('quipu.acciones.texto.textoN', { n: i + 1 });
        return (
          <Box key={i} sx={{ display: 'flex', alignItems: 'start', gap: 1 }}>
            <TextField
              id={`${id}-${i}`}
              label={label}
              value={text}
              onChange={(event) => field.onChange(texts.map((t, j) => (j === i ? event.target.value : t)))}
              error={!!errorAt(formState.errors, `text.${i}`)}
              helperText={errorAt(formState.errors, `text.${i}`)}
              multiline
              size="small"
              margin="dense"
              fullWidth
            />
            <IconButton aria-label={translate('quipu.acciones.quitarNombre', { nombre: label })} onClick={() => field.onChange(texts.filter((_, j) => j !== i))} sx={{ mt: 1 }}>
              <DeleteIcon />
            </IconButton>
          </Box>
        );
      })}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <TextField
          id={`${id}-nuevo`}
          inputRef={field.ref}
          label={translate('quipu.acciones.texto.nuevo')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            // Enter adds the text; it must not submit the card's form.
            event.preventDefault();
            add();
          }}
          error={!!error}
          size="small"
          margin="dense"
          fullWidth
          slotProps={{ htmlInput: { 'aria-describedby': error ? `${id}-error` : undefined } }}
        />
        <Button startIcon={<AddIcon />} onClick={add} sx={{ flexShrink: 0 }}>
          {translate('quipu.acciones.texto.agregar')}
        </Button>
      </Box>
      {error && (
        <FormHelperText id={`${id}-error`} error role="alert">
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
