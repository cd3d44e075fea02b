// The route /empresa/:id: 'new' creates a company, any other id edits that one.
import { useParams } from 'react-router-dom';
import { EmpresaCreate } from './EmpresaCreate';
import { EmpresaEdit } from './EmpresaEdit';

export function EmpresaFormPage() {
  const { id } = useParams();
  return id === 'new' ? <EmpresaCreate /> : <EmpresaEdit key={id} />;
}

EmpresaFormPage.path = '/empresa/:id';
