// Companies (/empresas, admin only): number, name, RUC, active, creation and end dates
// (DD/MM/YYYY). GET /empresa answers every company; the data provider pages and sorts them here.
import { CreateButton, DataTable, List, Pagination, TextInput, TopToolbar, useTranslate } from 'react-admin';
import { PageHeading } from '../../layout/FormParts';
import { ListTable, RowNumberColumn, YesNo } from '../../layout/ListTable';
import { fechaCorta, type Empresa } from './empresaModel';

const filters = [
  <TextInput key="nm" source="nm" label="quipu.empresas.nm" alwaysOn />,
  <TextInput key="ruc" source="ruc" label="quipu.empresas.ruc" alwaysOn />,
];

function EmpresaListActions() {
  return (
    <TopToolbar>
      <CreateButton to="/empresa/new" label="quipu.empresas.nueva" />
    </TopToolbar>
  );
}

export function EmpresaList() {
  const translate = useTranslate();
  return (
    <>
      <PageHeading title="quipu.empresas.titulo" />
      <List
        resource="empresas"
        title={translate('quipu.empresas.titulo')}
        perPage={10}
        sort={{ field: 'nm', order: 'ASC' }}
        filters={filters}
        actions={<EmpresaListActions />}
        pagination={<Pagination rowsPerPageOptions={[5, 10, 25, 50]} />}
        exporter={false}
        empty={false}
      >
        <ListTable rowPath={(id) => `/empresa/${encodeURIComponent(String(id))}`}>
          <RowNumberColumn />
          <DataTable.Col source="nm" label="quipu.empresas.nm" />
          <DataTable.Col source="ruc" label="quipu.empresas.ruc" />
          <DataTable.Col source="activo" label="quipu.empresas.activo" render={(record: Empresa) => <YesNo value={record.activo} />} />
          <DataTable.Col source="fc" label="quipu.empresas.fc" render={(record: Empresa) => fechaCorta(record.fc)} />
          <DataTable.Col source="ff" label="quipu.empresas.ff" render={(record: Empresa) => fechaCorta(record.ff)} />
        </ListTable>
      </List>
    </>
  );
}

EmpresaList.path = '/empresas';
