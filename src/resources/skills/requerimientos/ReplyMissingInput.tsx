// The messages a requirement answers with when a field is missing: a list that grows with Enter.
// A blank Enter is refused with 'Debe ingresar un texto valido para ser agregado'.
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import { useId, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useController, useFormContext } from 'react-hook-form';
import { SKILL_MESSAGES } from '../../../../common/schemas/skillRules';
import { noticeText } from '../../../layout/noticeText';
import { errorAt } from '../cards/formRules';

export function ReplyMissingInput({ name }: { name: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const headingId = useId();
  const { control } = useFormContext();
  const { field, formState } = useController({ control, name });
  const list = (field.value as string[] | undefined) ?? [];
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const ruleError = errorAt(formState.errors, name) ?? list.map((_, i) => errorAt(formState.errors, `${name}.${i}`)).find(Boolean);

  const add = () => {
    const clean = text.trim().replace(/\s+/g, ' ');
    if (!clean) {
      setProblem(SKILL_MESSAGES.textoInvalido);
      notify(SKILL_MESSAGES.textoInvalido, noticeText(SKILL_MESSAGES.textoInvalido, 'info'));
      return;
    }
    field.onChange([...list, clean]);
    setText('');
    setProblem(null);
  };

  const removeAt = (index: number) => {
    field.onChange(list.filter((_, i) => i !== index));
    input.current?.focus();
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 1 }}>
      <Box id={headingId} sx={{ typography: 'body2', fontWeight: 600 }}>
        {translate('quipu.requerimientos.mensajes')}
      </Box>
      {list.length > 0 && (
        <List dense disablePadding>
          {list.map((message, index) => (
            <ListItem
              // Messages may repeat; their place is what tells them apart.
              key={`${index}-${message}`}
              disableGutters
              secondaryAction={
                <IconButton edge="end" size="small" aria-label={translate('quipu.requerimientos.quitarMensaje', { texto: message })} onClick={() => removeAt(index)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              }
            >
              <ListItemText primary={message} />
            </ListItem>
          ))}
        </List>
      )}
      <TextField
        inputRef={input}
        label={translate('quipu.requerimientos.mensajeNuevo')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          // Enter adds the message; it must not submit the card's form.
          event.preventDefault();
          add();
        }}
        error={!!(problem ?? ruleError)}
        helperText={problem ?? ruleError ?? translate('quipu.requerimientos.mensajeAyuda')}
        size="small"
        margin="dense"
        fullWidth
      />
    </Box>
  );
}
