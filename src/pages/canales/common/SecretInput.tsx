// A write-only provider secret (tokens, app secrets): a password input with a show toggle that
// never holds the stored value. With one stored it says so, and an empty input keeps it; the form
// sends a secret only when one is typed (canalModel.toCanalBody).
import { PasswordInput, required } from 'react-admin';
import type { CanalSecretsBody } from '../../../api/canales';
import { useCanalEditorContext } from './CanalEditorContext';

const requerido = [required('quipu.canales.requerido')];

export function SecretInput({ name, label, requiredWhenUnset = false }: { name: keyof CanalSecretsBody; label: string; requiredWhenUnset?: boolean }) {
  const { canal, readOnly } = useCanalEditorContext();
  const stored = !!canal?.secretos[name];
  return (
    <PasswordInput
      source={`secretos.${name}`}
      label={label}
      helperText={stored ? 'quipu.canales.secretoGuardado' : false}
      validate={requiredWhenUnset && !stored ? requerido : undefined}
      autoComplete="new-password"
      readOnly={readOnly}
      sx={{ maxWidth: 480 }}
    />
  );
}
