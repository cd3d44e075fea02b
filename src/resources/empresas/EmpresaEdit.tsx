// An existing company (/empresa/{id}); a refused save keeps what was typed.
import { Edit, SimpleForm, useTranslate } from 'react-admin';
import { PageHeading } from '../../layout/FormParts';
import { useSaveNotices } from '../../layout/useSaveNotices';
import { EmpresaFormToolbar } from './EmpresaFormToolbar';
import { EmpresaInputs } from './EmpresaInputs';

export function EmpresaEdit() {
  const translate = useTranslate();
  const notices = useSaveNotices();
  return (
    <>
      <PageHeading title="quipu.empresas.tituloEditar" />
      <Edit resource="empresas" title={translate('quipu.empresas.tituloEditar')} mutationMode="pessimistic" mutationOptions={notices}>
        <SimpleForm toolbar={<EmpresaFormToolbar existing />} noValidate>
          <EmpresaInputs />
        </SimpleForm>
      </Edit>
    </>
  );
}
