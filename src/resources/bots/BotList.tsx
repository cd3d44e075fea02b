// Bots (/bot): name, description, imported (SI/NO) and an export button per row; a row
// opens /bot/{id}. 'Nuevo Bot' and 'Importar Bot' only with isBotEdit.
import { CreateButton, DataTable, List, Pagination, TextInput, TopToolbar, useTranslate } from 'react-admin';
import { PageHeading } from '../../layout/FormParts';
import { CardLabel, ListTable, YesNo, type CardTexts } from '../../layout/ListTable';
import { useFlags } from '../../permissions/useFlags';
import type { Bot } from './botModel';
import { BotExportButton } from './BotExportButton';
import { BotImportButton } from './BotImportDialog';

const filters = [<TextInput key="q" source="q" label="quipu.bots.buscar" alwaysOn />];

function BotListActions() {
  const { flags } = useFlags();
  return (
    <TopToolbar>
      {flags?.isBotEdit ? <BotImportButton /> : null}
      {flags?.isBotEdit ? <CreateButton label="quipu.bots.nuevo" /> : null}
    </TopToolbar>
  );
}

const card: CardTexts = {
  primary: (record) => record.nm,
  secondary: (record) => record.dsc,
  tertiary: (record) => <CardLabel label="quipu.bots.imp" value={<YesNo value={record.imp} />} />,
};

export function BotList() {
  const translate = useTranslate();
  return (
    <>
      <PageHeading title="quipu.bots.titulo" />
      <List
        resource="bots"
        title={translate('quipu.bots.titulo')}
        perPage={10}
        sort={{ field: 'nm', order: 'ASC' }}
        filters={filters}
        actions={<BotListActions />}
        pagination={<Pagination rowsPerPageOptions={[5, 10, 25, 50]} />}
        exporter={false}
        empty={false}
      >
        <ListTable opensRecord card={card}>
          <DataTable.Col source="nm" label="quipu.bots.nm" />
          <DataTable.Col source="dsc" label="quipu.bots.dsc" />
          <DataTable.Col source="imp" label="quipu.bots.imp" render={(record: Bot) => <YesNo value={record.imp} />} />
          <DataTable.Col label="quipu.bots.exportar" disableSort render={(record: Bot) => <BotExportButton id={record.id} nm={record.nm} />} />
        </ListTable>
      </List>
    </>
  );
}
