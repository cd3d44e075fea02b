// Users (/usuarios): server-paged table, 5 rows by default, filters on name, surname
// and e-mail and every sort sent to the server; a row (click or Enter) opens /usuario/{id}.
import { CreateButton, DataTable, List, Pagination, TextInput, TopToolbar, useTranslate } from 'react-admin';
import { PageHeading } from '../../layout/FormParts';
import { CardLabel, ListTable, RowNumberColumn, YesNo, type CardTexts } from '../../layout/ListTable';
import { canManageUsers } from '../../../common/roles';
import { useFlags } from '../../permissions/useFlags';
import type { Usuario } from './usuarioModel';

const filters = [
  <TextInput key="nm" source="nm" label="quipu.usuarios.nm" alwaysOn />,
  <TextInput key="ap" source="ap" label="quipu.usuarios.ap" alwaysOn />,
  <TextInput key="usuario" source="usuario" label="quipu.usuarios.usuario" alwaysOn />,
];

function UsuarioListActions() {
  const { flags } = useFlags();
  return <TopToolbar>{flags && canManageUsers(flags) ? <CreateButton label="quipu.usuarios.nuevo" /> : null}</TopToolbar>;
}

const card: CardTexts = {
  primary: (record) => `${record.nm} ${record.ap}`,
  secondary: (record) => record.usuario,
  tertiary: (record) => <CardLabel label="quipu.usuarios.a" value={<YesNo value={record.a} upper />} />,
};

export function UsuarioList() {
  const translate = useTranslate();
  return (
    <>
      <PageHeading title="quipu.usuarios.titulo" />
      <List
        resource="usuarios"
        title={translate('quipu.usuarios.titulo')}
        perPage={5}
        sort={{ field: 'fc', order: 'DESC' }}
        filters={filters}
        actions={<UsuarioListActions />}
        pagination={<Pagination rowsPerPageOptions={[5, 10, 25, 50]} />}
        exporter={false}
        empty={false}
      >
        <ListTable opensRecord card={card}>
          <RowNumberColumn />
          <DataTable.Col source="nm" label="quipu.usuarios.nm" />
          <DataTable.Col source="ap" label="quipu.usuarios.ap" />
          <DataTable.Col source="usuario" label="quipu.usuarios.usuario" />
          <DataTable.Col source="a" label="quipu.usuarios.a" render={(record: Usuario) => <YesNo value={record.a} upper />} />
          <DataTable.Col source="uc" label="quipu.usuarios.uc" />
        </ListTable>
      </List>
    </>
  );
}
