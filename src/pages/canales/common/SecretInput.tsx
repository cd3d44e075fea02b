// A write-only provider secret (tokens, app secrets): a password input with a show toggle that
// never holds the stored value. With one stored it says so, and an empty input keeps it; the form
// sends a secret only when one is typed (canalModel.toCanalBody). A `multiline` secret (a JSON key)
// is a text area instead: a password input holds one line only.
import { PasswordInput, TextInput, required } from 'react-admin';
import type { CanalSecretsBody } from '../../../api/canales';
import { useCanalEditorContext } from './CanalEditorContext';

const requerido = [required('quipu.canales.requerido')];

interface SecretInputProps {
  name: keyof CanalSecretsBody;
  label: string;
  requiredWhenUnset?: boolean;
  multiline?: boolean;
}

export function SecretInput({ name, label, requiredWhenUnset = false, multiline = false }: SecretInputProps) {
  const { canal, readOnly } = useCanalEditorContext();
  const stored = !!canal?.secretos[name];
  const props = {
    source: `secretos.${name}`,
    label,
    helperText: stored ? 'quipu.canales.secretoGuardado' : false,
    validate: requiredWhenUnset && !stored ? requerido : undefined,
    autoComplete: multiline ? 'off' : 'new-password',
    readOnly,
  } as const;
  return multiline ? (
    <TextInput {...props} multiline minRows={4} maxRows={12} spellCheck={false} sx={{ maxWidth: 640 }} />
  ) : (
    <PasswordInput {...props} sx={{ maxWidth: 480 }} />
  );
}
