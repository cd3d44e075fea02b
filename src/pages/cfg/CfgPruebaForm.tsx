// The test-send form of /cfg: sends a mail with the saved settings and shows the server's answer,
// its confirmation or the SMTP error, as a notice.
import SendIcon from '@mui/icons-material/Send';
import { Form, SaveButton, TextInput, email, required, useDataProvider, useNotify } from 'react-admin';
import type { QuipuDataProvider } from '../../api/dataProvider';
import { messageOf } from '../../api/HttpError';
import { FormSection } from '../../layout/FormParts';
import { noticeText } from '../../layout/noticeText';

const validateEmail = [required('quipu.comun.requerido'), email('quipu.comun.emailInvalido')];

export function CfgPruebaForm() {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const notify = useNotify();

  const send = async (values: { email?: string }) => {
    try {
      const { message } = await dataProvider.sendTestEmail(values.email ?? '');
      notify(message, noticeText(message, 'success'));
    } catch (error) {
      notify(messageOf(error), noticeText(messageOf(error), 'error'));
    }
  };

  return (
    <Form onSubmit={send} noValidate>
      <FormSection title="quipu.cfg.prueba">
        <TextInput id="cfg-prueba-email" source="email" type="email" label="quipu.cfg.pruebaEmail" validate={validateEmail} sx={{ minWidth: 300 }} />
        <SaveButton label="quipu.cfg.enviarPrueba" icon={<SendIcon />} alwaysEnable sx={{ display: 'flex', mt: 1 }} />
      </FormSection>
    </Form>
  );
}
