// Email settings (/cfg, admin only): the mail-server form, then the
// test-send form. 'Atrás' goes to /.
import { useEffect } from 'react';
import Divider from '@mui/material/Divider';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { EmailSettings } from '../../api/correo';
import type { QuipuDataProvider } from '../../api/dataProvider';
import { messageOf } from '../../api/HttpError';
import { StatusMessage } from '../../layout/ListTable';
import { noticeText } from '../../layout/noticeText';
import { PageCard } from '../PageCard';
import { CfgPruebaForm } from './CfgPruebaForm';
import { CfgServidorForm } from './CfgServidorForm';

const NOTHING_SAVED: EmailSettings = { host: '', port: null, username: '', email: '', provider: '', passwordSet: false };

export function CfgPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const { data, error } = useQuery({ queryKey: ['email'], queryFn: () => dataProvider.getEmailSettings(), retry: false, gcTime: 0 });
  // A failed load is a notice, and the form starts empty.
  useEffect(() => {
    if (error) notify(messageOf(error), noticeText(messageOf(error), 'error'));
  }, [error, notify]);
  const settings = error ? NOTHING_SAVED : data;

  return (
    <PageCard title={translate('quipu.cfg.titulo')}>
      {settings ? <CfgServidorForm initial={settings} /> : <StatusMessage text="quipu.tabla.cargando" />}
      <Divider sx={{ my: 2 }} />
      <CfgPruebaForm />
    </PageCard>
  );
}

CfgPage.path = '/cfg';
