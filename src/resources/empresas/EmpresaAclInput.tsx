// The company's address list (aclList): shown while 'Restringir el acceso por IP' is on; each
// entry is checked here as an IPv4/IPv6 address or network before it reaches the server.
import { ArrayInput, BooleanInput, FormDataConsumer, SimpleFormIterator, TextInput } from 'react-admin';
import { FormSection } from '../../layout/FormParts';
import { validateAclEntry } from './empresaModel';

export function EmpresaAclInput() {
  return (
    <FormSection title="quipu.empresas.seccionAcceso">
      <BooleanInput source="acl" label="quipu.empresas.acl" />
      <FormDataConsumer<{ acl?: boolean }>>
        {({ formData }) =>
          formData.acl ? (
            <ArrayInput source="aclList" label="quipu.empresas.aclList">
              <SimpleFormIterator inline disableReordering>
                <TextInput
                  source=""
                  label="quipu.empresas.aclEntrada"
                  helperText="quipu.empresas.aclAyuda"
                  validate={validateAclEntry}
                  sx={{ minWidth: 280 }}
                />
              </SimpleFormIterator>
            </ArrayInput>
          ) : null
        }
      </FormDataConsumer>
    </FormSection>
  );
}
