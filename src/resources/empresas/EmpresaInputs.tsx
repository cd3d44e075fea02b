// Every company field, shared by EmpresaCreate and EmpresaEdit. nm and
// ruc are required ('Campo requerido').
import Box from '@mui/material/Box';
import { BooleanInput, TextInput, required } from 'react-admin';
import { FormSection } from '../../layout/FormParts';
import { EmpresaAclInput } from './EmpresaAclInput';
import { EmpresaAdminInputs, EmpresaDateInputs } from './EmpresaAdminInputs';

const requerido = [required('quipu.comun.requerido')];
const row = { display: 'flex', flexWrap: 'wrap', columnGap: 2 } as const;

const text = (source: string, validate?: typeof requerido) => (
  <TextInput key={source} source={source} label={`quipu.empresas.${source}`} validate={validate} sx={{ minWidth: 256 }} />
);

export function EmpresaInputs() {
  return (
    <Box sx={{ width: '100%' }}>
      <FormSection title="quipu.comun.datosGenerales">
        <Box sx={row}>
          {text('nm', requerido)}
          {text('ruc', requerido)}
          {text('razon')}
        </Box>
        <Box sx={row}>
          {text('dir')}
          {text('tel')}
          {text('c')}
        </Box>
        <Box sx={row}>
          <BooleanInput source="activo" label="quipu.empresas.activo" />
          <BooleanInput source="audit" label="quipu.empresas.audit" />
          <BooleanInput source="liveAgent" label="quipu.empresas.liveAgent" />
          <BooleanInput source="tg" label="quipu.empresas.tg" />
        </Box>
      </FormSection>
      <FormSection title="quipu.empresas.seccionIntegracion">
        <Box sx={row}>
          {text('cs')}
          {text('csA')}
          {text('csE')}
          {text('consulta')}
        </Box>
      </FormSection>
      <EmpresaAclInput />
      <EmpresaAdminInputs />
      <EmpresaDateInputs />
    </Box>
  );
}
