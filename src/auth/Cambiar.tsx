// Change password, signed in: current, new and verify, all required; whether the
// two new ones match is the server's check. Success goes to /. Not offered to Microsoft users.
import { useState } from 'react';
import CardActions from '@mui/material/CardActions';
import { Form, Loading, PasswordInput, SaveButton, required, useDataProvider, useGetIdentity, useNotify, useRedirect, useTranslate } from 'react-admin';
import type { QuipuIdentity } from '../api/authProvider';
import type { QuipuDataProvider } from '../api/dataProvider';
import { messageOf } from '../api/HttpError';
import { noticeText } from '../layout/noticeText';
import { PageCard } from '../pages/PageCard';
import { SinAccesoPage } from '../pages/sinAcceso/SinAccesoPage';
import { showsCambiarPassword } from '../../common/roles';
import { PasswordStrength } from './PasswordStrength';

interface CambiarValues {
  current: string;
  passwd1: string;
  passwd2: string;
}

const validateRequired = [required()];

export function Cambiar() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const { identity, isPending } = useGetIdentity();
  const user = identity as QuipuIdentity | undefined;
  const [passwd1, setPasswd1] = useState('');

  if (isPending) return <Loading />;
  if (!user || !showsCambiarPassword(user)) return <SinAccesoPage />;

  const save = async (values: Partial<CambiarValues>) => {
    const { current = '', passwd1 = '', passwd2 = '' } = values;
    try {
      const { message } = await dataProvider.changePassword({ current, passwd1, passwd2, id: String(user.id) });
      const text = message || 'Contraseña actualizada con éxito';
      notify(text, noticeText(text, 'success'));
      redirect('/');
    } catch (error) {
      notify(messageOf(error), noticeText(messageOf(error), 'error'));
    }
  };

  return (
    <PageCard title={translate('quipu.cambiar.titulo')}>
      <Form onSubmit={save} noValidate>
        <PasswordInput source="current" label="quipu.cambiar.current" validate={validateRequired} autoComplete="current-password" />
        <PasswordInput
          source="passwd1"
          label="quipu.cambiar.passwd1"
          validate={validateRequired}
          autoComplete="new-password"
          onChange={(event) => setPasswd1(event.target.value)}
        />
        <PasswordStrength password={passwd1} userInputs={[user.usuario ?? '', user.fullName ?? '']} />
        <PasswordInput source="passwd2" label="quipu.cambiar.passwd2" validate={validateRequired} autoComplete="new-password" />
        <CardActions sx={{ px: 0 }}>
          <SaveButton alwaysEnable />
        </CardActions>
      </Form>
    </PageCard>
  );
}

Cambiar.path = '/cambiar';
