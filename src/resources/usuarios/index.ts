// Users: the list at /usuarios and the form at /usuario/:id ('new' creates). routes.tsx puts
// each screen on its static path.
import { UsuarioFormPage } from './UsuarioFormPage';
import { UsuarioList } from './UsuarioList';

export const usuariosScreens = [UsuarioList, UsuarioFormPage];
