// Users: the list at /usuarios and the form at /usuario/{id} ('new' creates); App spreads this
// into <Resource name="usuarios">.
import PeopleIcon from '@mui/icons-material/People';
import { guarded } from '../../routing/guarded';
import { UsuarioCreate } from './UsuarioCreate';
import { UsuarioEdit } from './UsuarioEdit';
import { UsuarioList } from './UsuarioList';
import type { Usuario } from './usuarioModel';

export const usuarios = {
  list: guarded('/usuarios', UsuarioList),
  create: guarded('/usuario/:id', UsuarioCreate),
  edit: guarded('/usuario/:id', UsuarioEdit),
  icon: PeopleIcon,
  recordRepresentation: (record: Usuario) => `${record.nm} ${record.ap}`,
  options: { label: 'resources.usuarios.name' },
};
