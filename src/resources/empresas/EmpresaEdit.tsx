// An existing company (/empresa/{id}); a refused save keeps what was typed.
import { Edit, SimpleForm } from 'react-admin';
import { PageHeading } from '../../layout/FormParts';
import { RecordTitle } from '../../layout/RecordTitle';
import type { Empresa } from './empresaModel';
import { useSaveNotices } from '../../layout/useSaveNotices';
import { EmpresaFormToolbar } from './EmpresaFormToolbar';
import { EmpresaInputs } from './EmpresaInputs';

export function EmpresaEdit() {
  const notices = useSaveNotices();
  return (
    <>
      <PageHeading title="quipu.empresas.tituloEditar" />
      <Edit resource="empresas" title={<RecordTitle<Empresa> label="quipu.empresas.tituloEditar" name={(empresa) => empresa.nm} />} mutationMode="pessimistic" mutationOptions={notices}>
        <SimpleForm toolbar={<EmpresaFormToolbar existing />} noValidate>
          <EmpresaInputs />
        </SimpleForm>
      </Edit>
    </>
  );
}
