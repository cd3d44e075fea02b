// The test chat's files: 'Adjuntar archivos' (a button that opens the hidden file input), the files
// chosen for the next message as chips, and why a chosen file was left out.
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import { useRef } from 'react';
import { useTranslate } from 'react-admin';

interface AttachFilesButtonProps {
  onChoose: (files: File[]) => void;
  /** The id of the refusals' text, while there are any. */
  describedBy?: string;
}

export function AttachFilesButton({ onChoose, describedBy }: AttachFilesButtonProps) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const label = translate('quipu.chat.adjuntar');
  return (
    <>
      <IconButton aria-label={label} aria-describedby={describedBy} onClick={() => input.current?.click()}>
        <AttachFileIcon />
      </IconButton>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label={label}
        onChange={(event) => {
          onChoose(Array.from(event.target.files ?? []));
          // Choosing the same file again must fire a change too.
          event.target.value = '';
        }}
      />
    </>
  );
}

export function ChatFileChips({ files, onRemove }: { files: readonly File[]; onRemove: (index: number) => void }) {
  const translate = useTranslate();
  if (files.length === 0) return null;
  return (
    <Box component="ul" aria-label={translate('quipu.chat.archivos')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}>
      {files.map((file, index) => (
        <li key={`${index}-${file.name}`}>
          {/* The whole chip is the removal button (click, Enter, Space, Delete or Backspace): its name says so. */}
          <Chip
            label={file.name}
            aria-label={translate('quipu.chat.quitarArchivo', { nombre: file.name })}
            onClick={() => onRemove(index)}
            onDelete={() => onRemove(index)}
            sx={{ maxWidth: '100%' }}
          />
        </li>
      ))}
    </Box>
  );
}

/** Why chosen files were left out, in the server's words. */
export function FileRefusals({ id, refusals }: { id: string; refusals: readonly string[] }) {
  return (
    <Box id={id} role="alert">
      {refusals.map((refusal, index) => (
        <FormHelperText key={`${index}-${refusal}`} error sx={{ mx: 0 }}>
          {refusal}
        </FormHelperText>
      ))}
    </Box>
  );
}
