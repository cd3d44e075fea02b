// A new company (/empresa/new): active, no address list, 30-minute sessions.
import { Create, SimpleForm, useTranslate } from 'react-admin';
import { PageHeading } from '../../layout/FormParts';
import { useSaveNotices } from '../../layout/useSaveNotices';
import { EmpresaFormToolbar } from './EmpresaFormToolbar';
import { EmpresaInputs } from './EmpresaInputs';
import { newEmpresa } from './empresaModel';

const defaults = newEmpresa();

export function EmpresaCreate() {
  const translate = useTranslate();
  const notices = useSaveNotices();
  return (
    <>
      <PageHeading title="quipu.empresas.tituloNueva" />
      <Create resource="empresas" title={translate('quipu.empresas.tituloNueva')} record={defaults} mutationOptions={notices}>
        <SimpleForm toolbar={<EmpresaFormToolbar existing={false} />} noValidate>
          <EmpresaInputs />
        </SimpleForm>
      </Create>
    </>
  );
}
