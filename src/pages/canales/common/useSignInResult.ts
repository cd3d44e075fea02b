// What a provider's sign-in says when the browser comes back to the editor (Teams, Google): ?status=ok
// is 'Vinculado con éxito', another status 'Error {status}', and ?error the server's reason (base64 of
// UTF-8 text). Said once as a notice, then taken off the address.
import { useEffect } from 'react';
import { useLocation, useNavigate, useNotify } from 'react-admin';
import { base64ToText } from '../../../api/base64Text';
import { noticeText } from '../../../layout/noticeText';

export function useSignInResult() {
  const { search, pathname } = useLocation();
  const notify = useNotify();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const status = params.get('status');
    const error = params.get('error');
    if (status === null && error === null) return;
    if (error !== null) {
      const reason = base64ToText(error) ?? error;
      notify(reason, noticeText(reason, 'error'));
    } else if (status === 'ok') {
      notify('quipu.canales.vinculado', { type: 'success' });
    } else {
      notify('quipu.canales.errorEstado', { type: 'error', messageArgs: { status } });
    }
    navigate(pathname, { replace: true });
  }, [search, pathname, notify, navigate]);
}
