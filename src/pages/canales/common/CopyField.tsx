// An address to paste elsewhere (Slack's redirect and events addresses, WhatsApp's webhook): read
// only, with a copy button that says 'Copiado' for 1.5 s.
import { useEffect, useState } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';

export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  const text = translate(label);
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    setCopied(true);
  };
  return (
    <TextField
      id={id}
      label={text}
      value={value}
      size="small"
      margin="dense"
      helperText={copied ? translate('quipu.canales.copiado') : ' '}
      sx={{ maxWidth: 640 }}
      slotProps={{
        formHelperText: { role: 'status' },
        input: {
          readOnly: true,
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={translate('quipu.canales.copiar', { label: text })}>
                <IconButton aria-label={translate('quipu.canales.copiar', { label: text })} onClick={() => void copy()} edge="end">
                  <ContentCopyIcon />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
