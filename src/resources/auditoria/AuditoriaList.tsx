// Audit (/auditoria): server-paged, 10 rows by default, newest first; filters on user, event and
// detail and every sort go to the server. The detail shows what it names by id by its name now.
import { DataTable, List, Pagination, SelectInput, TextInput, useTranslate } from 'react-admin';
import { formatFecha } from '../../layout/fecha';
import { PageHeading } from '../../layout/FormParts';
import { ListTable, RowNumberColumn, type CardTexts } from '../../layout/ListTable';
import { detailText, eventName, EVENT_CHOICES, type AuditRow } from './auditoriaModel';

const filters = [
  <TextInput key="us" source="us" label="quipu.auditoria.us" alwaysOn />,
  <SelectInput key="ev" source="ev" label="quipu.auditoria.ev" choices={EVENT_CHOICES} alwaysOn sx={{ minWidth: 200 }} />,
  <TextInput key="val" source="val" label="quipu.auditoria.val" alwaysOn />,
];

const card: CardTexts = {
  primary: (record) => `${eventName(record.ev)} · ${record.us}`,
  secondary: (record) => detailText(record as AuditRow),
  tertiary: (record) => formatFecha(record.fc, 'fechaHora'),
};

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
        <ListTable card={card}>
          <RowNumberColumn />
          <DataTable.Col source="us" label="quipu.auditoria.us" />
          <DataTable.Col source="ev" label="quipu.auditoria.ev" render={(record: AuditRow) => eventName(record.ev)} />
          <DataTable.Col source="fc" label="quipu.auditoria.fc" render={(record: AuditRow) => formatFecha(record.fc, 'fechaHora')} />
          <DataTable.Col source="val" label="quipu.auditoria.val" disableSort render={(record: AuditRow) => detailText(record)} />
        </ListTable>
      </List>
    </>
  );
}
