// The user form's fields ('DATOS GENERALES', their messages, who chooses company and role, who
// marks a user as signing in through Microsoft), shared by UsuarioCreate and UsuarioEdit.
import Box from '@mui/material/Box';
import { BooleanInput, ReferenceInput, SelectInput, TextInput, email, required, useRecordContext } from 'react-admin';
import { FormSection, ReadOnlyValue } from '../../layout/FormParts';
import { canChooseCompany, canManageUsers, canSetSso, mayGrantFlag } from '../../../common/roles';
import { useFlags } from '../../permissions/useFlags';
import { useSession } from '../../permissions/useSession';
import { choosesRole, roleChoices, roleLabel, type Usuario } from './usuarioModel';

const validateUsuario = [required('quipu.usuarios.requeridoUsuario'), email('quipu.comun.emailInvalido')];
const validateNm = [required('quipu.usuarios.requeridoNm')];
const validateAp = [required('quipu.usuarios.requeridoAp')];
const validateIdE = [required('quipu.usuarios.requeridoIdE')];
const validateRol = [required('quipu.comun.requerido')];

const fieldWidth = { minWidth: 256 };

export function UsuarioInputs() {
  const { flags } = useFlags();
  const session = useSession();
  const record = useRecordContext<Usuario>();
  if (!flags || !session) return null;
  // A channel-access user reads users without changing them; a flag the editor lacks cannot be switched on.
  const readOnly = !canManageUsers(flags);
  const flagLocked = (flag: 'pmHist' | 'showChannels') => readOnly || (!mayGrantFlag(session.user, flags, flag) && !record?.[flag]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', width: '100%' }}>
      <FormSection title="quipu.comun.datosGenerales" />
      <TextInput source="usuario" type="email" label="quipu.usuarios.usuario" validate={validateUsuario} autoComplete="off" sx={fieldWidth} readOnly={readOnly} />
      <TextInput source="nm" label="quipu.usuarios.nm" validate={validateNm} sx={fieldWidth} readOnly={readOnly} />
      <TextInput source="ap" label="quipu.usuarios.ap" validate={validateAp} sx={fieldWidth} readOnly={readOnly} />
      {canChooseCompany(flags) ? (
        <ReferenceInput source="idE" reference="empresas" perPage={500} sort={{ field: 'nm', order: 'ASC' }}>
          <SelectInput optionText="nm" label="quipu.usuarios.idE" validate={validateIdE} sx={fieldWidth} />
        </ReferenceInput>
      ) : (
        <ReadOnlyValue id="usuario-empresa" label="quipu.usuarios.idE" value={session.emp.nm} />
      )}
      {!readOnly && choosesRole(flags, session.user.id, record) ? (
        <SelectInput source="rol" label="quipu.usuarios.rol" choices={roleChoices(flags)} validate={validateRol} sx={fieldWidth} />
      ) : (
        <ReadOnlyValue id="usuario-rol" label="quipu.usuarios.rol" value={roleLabel(record?.rol)} />
      )}
      <BooleanInput source="a" label="quipu.usuarios.a" readOnly={readOnly} />
      <BooleanInput source="pmHist" label="quipu.usuarios.pmHist" readOnly={flagLocked('pmHist')} />
      <BooleanInput source="showChannels" label="quipu.usuarios.showChannels" readOnly={flagLocked('showChannels')} />
      <BooleanInput source="sso" label="quipu.usuarios.sso" readOnly={readOnly || !canSetSso(flags)} />
    </Box>
  );
}
