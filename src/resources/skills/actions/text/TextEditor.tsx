// A text action's editor: its texts, each editable, and a new one added with
// Enter or 'Agregar texto'. A blank one is refused with the info 'Debe ingresar un texto valido
// para ser agregado'; the action needs at least one ('Debe ingresar al menos un texto'), and a
// text still in 'Nuevo texto' counts as one (the card's save adds it: text/index.ts).
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useController, useFormContext } from 'react-hook-form';
import { addToList } from '../../../../../common/schemas/skillRules';
import { noticeText } from '../../../../layout/noticeText';
import { errorAt } from '../../cards/formRules';

export function TextEditor() {
  const translate = useTranslate();
  const notify = useNotify();
  const id = useId();
  const { field, formState } = useController({ name: 'text' });
  // In the form (not sent), so that the rules and the save see what was typed.
  const { field: nuevo } = useController({ name: 'textoNuevo' });
  const { trigger } = useFormContext();
  const texts = (field.value as string[] | undefined) ?? [];
  const draft = (nuevo.value as string | undefined) ?? '';
  const error = errorAt(formState.errors, 'text');

  const add = () => {
    const result = addToList(texts, draft, translate('quipu.acciones.texto.repetido'));
    if ('message' in result) {
      notify(result.message, noticeText(result.message, 'info'));
      return;
    }
    field.onChange(result.list);
    nuevo.onChange('');
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
          name={nuevo.name}
          value={draft}
          onChange={(event) => {
            nuevo.onChange(event.target.value);
            // The list's message goes as soon as the typed text would count.
            if (error) void trigger('text');
          }}
          onBlur={nuevo.onBlur}
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
          slotProps={{ htmlInput: { 'aria-describedby': error ? `${id}-error ${id}-ayuda` : `${id}-ayuda` } }}
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
      <FormHelperText id={`${id}-ayuda`}>{translate('quipu.acciones.texto.ayuda')}</FormHelperText>
    </Box>
  );
}
