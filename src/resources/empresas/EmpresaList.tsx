// Companies (/empresas, admin only): number, name, RUC, active, creation and end dates
// (DD/MM/YYYY). GET /empresa answers every company; the data provider pages and sorts them here.
import { CreateButton, DataTable, List, Pagination, TextInput, TopToolbar, useTranslate } from 'react-admin';
import { formatFecha } from '../../layout/fecha';
import { PageHeading } from '../../layout/FormParts';
import { CardLabel, ListTable, RowNumberColumn, YesNo, type CardTexts } from '../../layout/ListTable';
import type { Empresa } from './empresaModel';

const filters = [
  <TextInput key="nm" source="nm" label="quipu.empresas.nm" alwaysOn />,
  <TextInput key="ruc" source="ruc" label="quipu.empresas.ruc" alwaysOn />,
];

function EmpresaListActions() {
  return (
    <TopToolbar>
      <CreateButton label="quipu.empresas.nueva" />
    </TopToolbar>
  );
}

const card: CardTexts = {
  primary: (record) => record.nm,
  secondary: (record) => <CardLabel label="quipu.empresas.ruc" value={record.ruc} />,
  tertiary: (record) => <CardLabel label="quipu.empresas.activo" value={<YesNo value={record.activo} />} />,
};

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
        <ListTable opensRecord card={card}>
          <RowNumberColumn />
          <DataTable.Col source="nm" label="quipu.empresas.nm" />
          <DataTable.Col source="ruc" label="quipu.empresas.ruc" />
          <DataTable.Col source="activo" label="quipu.empresas.activo" render={(record: Empresa) => <YesNo value={record.activo} />} />
          <DataTable.Col source="fc" label="quipu.empresas.fc" render={(record: Empresa) => formatFecha(record.fc, 'dia')} />
          <DataTable.Col source="ff" label="quipu.empresas.ff" render={(record: Empresa) => formatFecha(record.ff, 'dia')} />
        </ListTable>
      </List>
    </>
  );
}
