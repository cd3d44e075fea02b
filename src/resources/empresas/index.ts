// Companies (admin only): the list at /empresas and the form at /empresa/:id ('new' creates).
import { EmpresaFormPage } from './EmpresaFormPage';
import { EmpresaList } from './EmpresaList';

export const empresasScreens = [EmpresaList, EmpresaFormPage];
