// 'Mi empresa' (/cuenta): the signed-in user's own company, read-only (GET /empresa?id=idE).
// The creation and end dates are shown to ROLE_ADMIN only (bot-building spec §6).
import Typography from '@mui/material/Typography';
import { useGetOne, useTranslate } from 'react-admin';
import { StatusMessage } from '../../layout/ListTable';
import { useFlags } from '../../permissions/useFlags';
import { useSession } from '../../permissions/useSession';
import { fechaCorta, type Empresa } from '../../resources/empresas/empresaModel';
import { PageCard } from '../PageCard';

type Row = [label: string, value: string];

function rowsOf(empresa: Empresa, yesNo: (value: boolean) => string, withDates: boolean): Row[] {
  const rows: Row[] = [
    ['nm', empresa.nm],
    ['ruc', empresa.ruc],
    ['razon', empresa.razon ?? ''],
    ['dir', empresa.dir ?? ''],
    ['tel', empresa.tel ?? ''],
    ['c', empresa.c ?? ''],
    ['activo', yesNo(empresa.activo)],
    ['audit', yesNo(empresa.audit)],
    ['liveAgent', yesNo(empresa.liveAgent)],
    ['tg', yesNo(empresa.tg)],
    ['ts', String(empresa.ts ?? '')],
  ];
  return withDates ? [...rows, ['fc', fechaCorta(empresa.fc)], ['ff', fechaCorta(empresa.ff)]] : rows;
}

export function CuentaPage() {
  const translate = useTranslate();
  const { flags } = useFlags();
  const idE = useSession()?.user.idE;
  const { data: empresa, isPending, error } = useGetOne<Empresa>('empresas', { id: idE ?? '' }, { enabled: !!idE });
  const yesNo = (value: boolean) => translate(value ? 'quipu.comun.siTexto' : 'quipu.comun.noTexto');

  return (
    <PageCard title={translate('quipu.cuenta.titulo')}>
      {empresa ? (
        <Typography component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
          {rowsOf(empresa, yesNo, !!flags?.isAdmin).map(([field, value]) => (
            <Typography key={field} component="div" sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 500 }}>
                {translate(`quipu.empresas.${field}`)}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value || '—'}
              </Typography>
            </Typography>
          ))}
        </Typography>
      ) : isPending && !error ? (
        <StatusMessage text="quipu.tabla.cargando" />
      ) : null}
    </PageCard>
  );
}

CuentaPage.path = '/cuenta';
