// Audit (/auditoria, access spec §2): server-paged, 10 rows by default, newest first; filters on
// user, event and detail and every sort go to the server.
import { DataTable, List, Pagination, SelectInput, TextInput, useTranslate } from 'react-admin';
import { PageHeading } from '../../layout/FormParts';
import { ListTable, RowNumberColumn } from '../../layout/ListTable';
import { auditDate, eventName, EVENT_CHOICES, type AuditRow } from './auditoriaModel';

const filters = [
  <TextInput key="us" source="us" label="quipu.auditoria.us" alwaysOn />,
  <SelectInput key="ev" source="ev" label="quipu.auditoria.ev" choices={EVENT_CHOICES} alwaysOn sx={{ minWidth: 200 }} />,
  <TextInput key="val" source="val" label="quipu.auditoria.val" alwaysOn />,
];

export function AuditoriaList() {
  const translate = useTranslate();
  return (
    <>
      <PageHeading title="quipu.auditoria.titulo" />
      <List
        resource="auditoria"
        title={translate('quipu.auditoria.titulo')}
        perPage={10}
        sort={{ field: 'fc', order: 'DESC' }}
        filters={filters}
        actions={false}
        pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
        exporter={false}
        empty={false}
      >
        <ListTable>
          <RowNumberColumn />
          <DataTable.Col source="us" label="quipu.auditoria.us" />
          <DataTable.Col source="ev" label="quipu.auditoria.ev" render={(record: AuditRow) => eventName(record.ev)} />
          <DataTable.Col source="fc" label="quipu.auditoria.fc" render={(record: AuditRow) => auditDate(record.fc)} />
          <DataTable.Col source="val" label="quipu.auditoria.val" disableSort />
        </ListTable>
      </List>
    </>
  );
}

AuditoriaList.path = '/auditoria';
