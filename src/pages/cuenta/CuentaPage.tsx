// 'Mi empresa' (/cuenta): the signed-in user's own company, read-only (GET /empresa?id=idE).
// The creation and end dates are shown to ROLE_ADMIN only.
import { FunctionField, Show, SimpleShowLayout, TextField, useTranslate } from 'react-admin';
import { formatFecha } from '../../layout/fecha';
import { PageHeading } from '../../layout/FormParts';
import { YesNo } from '../../layout/ListTable';
import { useFlags } from '../../permissions/useFlags';
import { useSession } from '../../permissions/useSession';
import type { Empresa } from '../../../common/schemas/empresas';

const TEXTS = ['nm', 'ruc', 'razon', 'dir', 'tel', 'c'] as const;
const FLAGS = ['activo', 'audit', 'liveAgent', 'tg'] as const;
const DATES = ['fc', 'ff'] as const;

export function CuentaPage() {
  const translate = useTranslate();
  const { flags } = useFlags();
  const idE = useSession()?.user.idE;
  return (
    <>
      <PageHeading title="quipu.cuenta.titulo" />
      {idE ? (
        <Show resource="empresas" id={idE} title={translate('quipu.cuenta.titulo')} actions={false} redirectOnError={false}>
          <SimpleShowLayout>
            {TEXTS.map((field) => (
              <TextField key={field} source={field} label={`quipu.empresas.${field}`} emptyText="—" />
            ))}
            {FLAGS.map((field) => (
              <FunctionField key={field} source={field} label={`quipu.empresas.${field}`} render={(empresa: Empresa) => <YesNo value={empresa[field]} />} />
            ))}
            <TextField source="ts" label="quipu.empresas.ts" emptyText="—" />
            <TextField source="tz" label="quipu.empresas.tz" emptyText={translate('quipu.empresas.tzServidor')} />
            {flags?.isAdmin
              ? DATES.map((field) => (
                  <FunctionField key={field} source={field} label={`quipu.empresas.${field}`} render={(empresa: Empresa) => formatFecha(empresa[field], 'dia') || '—'} />
                ))
              : null}
          </SimpleShowLayout>
        </Show>
      ) : null}
    </>
  );
}

CuentaPage.path = '/cuenta';
