// The route /usuario/:id: 'new' creates a user, any other id edits that one.
import { useParams } from 'react-router-dom';
import { UsuarioCreate } from './UsuarioCreate';
import { UsuarioEdit } from './UsuarioEdit';

export function UsuarioFormPage() {
  const { id } = useParams();
  return id === 'new' ? <UsuarioCreate /> : <UsuarioEdit key={id} />;
}

UsuarioFormPage.path = '/usuario/:id';
