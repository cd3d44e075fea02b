// The company's own administration settings (the ROLE_COMPANIA section):
// session duration, time zone (Quipu's: channel hours and the dates bots read follow it) and tokens 1 to 4;
// and the dates that only ROLE_ADMIN sees.
import Box from '@mui/material/Box';
import { AutocompleteInput, DateInput, NumberInput, TextInput, minValue, required, useRecordContext } from 'react-admin';
import { formatFecha } from '../../layout/fecha';
import { FormSection, ReadOnlyValue } from '../../layout/FormParts';
import { useFlags } from '../../permissions/useFlags';
import { TIME_ZONE_CHOICES, type Empresa } from './empresaModel';

const requerido = required('quipu.comun.requerido');
const wholeNumber = (value: unknown) => (value == null || value === '' || Number.isInteger(Number(value)) ? undefined : 'quipu.comun.entero');
const validateTs = [requerido, minValue(1, 'quipu.comun.minimoUno'), wholeNumber];
const TOKENS = ['tk1', 'tk2', 'tk3', 'tk4'] as const;

export function EmpresaAdminInputs() {
  return (
    <FormSection title="quipu.empresas.seccionAdministracion">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        <NumberInput source="ts" label="quipu.empresas.ts" min={1} step={1} validate={validateTs} />
        <AutocompleteInput
          source="tz"
          label="quipu.empresas.tz"
          helperText="quipu.empresas.tzAyuda"
          choices={TIME_ZONE_CHOICES}
          translateChoice={false}
          parse={(value: string | null) => value || null}
          sx={{ minWidth: 256 }}
        />
        {TOKENS.map((tk) => (
          <TextInput key={tk} source={tk} label={`quipu.empresas.${tk}`} validate={requerido} autoComplete="off" />
        ))}
      </Box>
    </FormSection>
  );
}

export function EmpresaDateInputs() {
  const { flags } = useFlags();
  const record = useRecordContext<Empresa>();
  if (!flags?.isAdmin) return null;
  return (
    <FormSection title="quipu.empresas.seccionFechas">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'center' }}>
        {record?.fc ? <ReadOnlyValue id="empresa-fc" label="quipu.empresas.fc" value={formatFecha(record.fc, 'dia')} /> : null}
        <DateInput source="ff" label="quipu.empresas.ff" />
      </Box>
    </FormSection>
  );
}
