// Companies (admin only): the list at /empresas and the form at /empresa/{id} ('new' creates);
// App spreads this into <Resource name="empresas">.
import BusinessIcon from '@mui/icons-material/Business';
import { guarded } from '../../routing/guarded';
import { EmpresaCreate } from './EmpresaCreate';
import { EmpresaEdit } from './EmpresaEdit';
import { EmpresaList } from './EmpresaList';
import type { Empresa } from './empresaModel';

export const empresas = {
  list: guarded('/empresas', EmpresaList),
  create: guarded('/empresa/:id', EmpresaCreate),
  edit: guarded('/empresa/:id', EmpresaEdit),
  icon: BusinessIcon,
  recordRepresentation: (record: Empresa) => record.nm,
  options: { label: 'resources.empresas.name' },
};
