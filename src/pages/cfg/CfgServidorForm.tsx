// The mail-server form of /cfg: everything required, port at least 1.
// The stored password is never shown: with one stored, an empty field keeps it.
import { useState } from 'react';
import Box from '@mui/material/Box';
import { Form, NumberInput, PasswordInput, SaveButton, SelectInput, TextInput, Toolbar, email, minValue, required, useDataProvider, useNotify } from 'react-admin';
import type { QuipuDataProvider } from '../../api/dataProvider';
import { PROVIDERS, type EmailSettings, type EmailSettingsInput } from '../../api/correo';
import { messageOf } from '../../api/HttpError';
import { BackButton, FormSection } from '../../layout/FormParts';
import { noticeText } from '../../layout/noticeText';

const requerido = required('quipu.comun.requerido');
const PROVIDER_CHOICES = PROVIDERS.map((id) => ({ id, name: id }));
const column = { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' } as const;
const width = { minWidth: 300 };

type FormValues = Partial<Omit<EmailSettingsInput, 'port'>> & { port?: number | null };

export function CfgServidorForm({ initial }: { initial: EmailSettings }) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const notify = useNotify();
  const [settings, setSettings] = useState(initial);
  const [saved, setSaved] = useState(0);

  const save = async (values: FormValues) => {
    const { host = '', port, username = '', password, email: from = '', provider = '' } = values;
    try {
      const answer = await dataProvider.saveEmailSettings({ host, port: Number(port), username, password: password ?? '', email: from, provider });
      setSettings(answer);
      setSaved((n) => n + 1);
      notify('quipu.comun.guardado', { type: 'success' });
    } catch (error) {
      notify(messageOf(error), noticeText(messageOf(error), 'error'));
    }
  };

  const { passwordSet, ...shown } = settings;
  return (
    // A new key after a save empties the password field again.
    <Form key={saved} record={{ ...shown, password: '' }} onSubmit={save} noValidate>
      <FormSection title="quipu.cfg.servidor">
        <Box sx={column}>
          <TextInput source="host" label="quipu.cfg.host" validate={requerido} sx={width} />
          <NumberInput source="port" label="quipu.cfg.port" min={1} step={1} validate={[requerido, minValue(1, 'quipu.comun.minimoUno')]} sx={width} />
          <TextInput source="username" label="quipu.cfg.username" validate={requerido} autoComplete="off" sx={width} />
          <PasswordInput
            source="password"
            label="quipu.cfg.password"
            validate={passwordSet ? undefined : requerido}
            helperText={passwordSet ? 'quipu.cfg.passwordGuardada' : false}
            autoComplete="new-password"
            sx={width}
          />
          <TextInput source="email" type="email" label="quipu.cfg.email" validate={[requerido, email('quipu.comun.emailInvalido')]} sx={width} />
          <SelectInput source="provider" label="quipu.cfg.provider" choices={PROVIDER_CHOICES} validate={requerido} sx={width} />
        </Box>
      </FormSection>
      <Toolbar sx={{ gap: 1 }}>
        <BackButton to="/" label="quipu.comun.atrasConTilde" />
        <SaveButton alwaysEnable />
      </Toolbar>
    </Form>
  );
}
