// Channels (/canal): a card per channel with its icon, name, linked
// bot and '{name} - Activo' / '{name} - Inactivo', opening the editor of its kind; the add buttons
// (the channel catalogue's, Telegram's only when the company has it enabled) and the
// manual's link when MANUAL_URL is configured. GET /ch answers every channel at once. The system
// admin first picks the company whose channels these are (and where new ones go).
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import AddIcon from '@mui/icons-material/Add';
import { LinkBase, List, Title, TopToolbar, useListContext, useTranslate } from 'react-admin';
import { CANAL_KINDS, CANAL_NAMES, type Canal, type CanalKind } from '../../api/canales';
import { messageOf } from '../../api/HttpError';
import { EmpresaPicker } from '../../layout/EmpresaPicker';
import { PageHeading } from '../../layout/FormParts';
import { StatusMessage } from '../../layout/ListTable';
import { useEmpresaScope } from '../../permissions/useEmpresaScope';
import { addText, editorPath, newPath } from '../../pages/canales/common/canalModel';
import { canalIcon } from './canalIcons';

/** The manual's address, set at build time like API_BASE (MANUAL_URL, see vite.config.ts); none hides the link. */
export const manualUrl = (): string | undefined => import.meta.env.VITE_MANUAL_URL || undefined;

/** The add buttons: the catalogue's kinds that have one, in its `add.order`. */
const ADD_BUTTONS: ReadonlyArray<{ kind: CanalKind; label: string; order: number; needsTg: boolean }> = CANAL_NAMES.flatMap((kind) => {
  const { add } = CANAL_KINDS[kind];
  return add ? [{ kind, label: addText(kind), order: add.order, needsTg: 'needsTg' in add }] : [];
}).sort((a, b) => a.order - b.order);

function CanalListActions() {
  const translate = useTranslate();
  // Telegram is offered only to a company that has it enabled (the company's tg flag).
  const tg = useEmpresaScope().tg;
  const manual = manualUrl();
  const buttons = ADD_BUTTONS.filter(({ needsTg }) => tg || !needsTg);
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'flex-start' }} aria-label={translate('quipu.canales.agregar')} role="group">
      {/* Always labelled, also on a phone: the kinds are told apart by name, not by an icon alone. */}
      {buttons.map(({ kind, label }) => {
        const Icon = canalIcon(kind);
        return (
          <MuiButton
            key={kind}
            component={LinkBase}
            to={newPath(kind)}
            variant="outlined"
            size="small"
            startIcon={<AddIcon />}
            endIcon={<Icon />}
            aria-label={`${translate('quipu.canales.agregar')} ${translate(label)}`}
          >
            {translate(label)}
          </MuiButton>
        );
      })}
      {manual ? (
        <MuiButton component="a" href={manual} target="_blank" rel="noopener noreferrer" size="small" startIcon={<MenuBookIcon />}>
          {translate('quipu.canales.manual')}
        </MuiButton>
      ) : null}
    </TopToolbar>
  );
}

function CanalCard({ canal }: { canal: Canal }) {
  const translate = useTranslate();
  const Icon = canalIcon(canal.name);
  const dsc = canal.dsc || canal.name;
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none', height: '100%' }}>
      {/* The link's name is the card's text: the channel's name, its bot and its state. */}
      <CardActionArea component={LinkBase} to={editorPath(canal)} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Icon fontSize="large" color={canal.activo ? 'primary' : 'disabled'} aria-hidden />
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {dsc}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {canal.bot ? translate('quipu.canales.botVinculado', { bot: canal.bot }) : translate('quipu.canales.sinBot')}
            </Typography>
            <Typography variant="body2">
              {translate(canal.activo ? 'quipu.canales.estadoActivo' : 'quipu.canales.estadoInactivo', { name: canal.name })}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function CanalCards() {
  const translate = useTranslate();
  const { data, isPending, error } = useListContext<Canal>();
  if (isPending && !error) return <StatusMessage text="quipu.canales.cargando" />;
  // A refused list (the notice says why) is not an empty one.
  if (error) {
    return (
      <Typography role="status" sx={{ p: 2 }}>
        {messageOf(error)}
      </Typography>
    );
  }
  if (!data?.length) return <StatusMessage text="quipu.canales.vacio" />;
  return (
    <Box
      component="ul"
      aria-label={translate('quipu.canales.titulo')}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        gap: 2,
        p: { xs: 1, sm: 2 },
        m: 0,
      }}
    >
      {data.map((canal) => (
        <CanalCard key={canal.id} canal={canal} />
      ))}
    </Box>
  );
}

export function CanalList() {
  const translate = useTranslate();
  const { picks, idE } = useEmpresaScope();
  return (
    <>
      <PageHeading title="quipu.canales.titulo" />
      {picks ? (
        <Box sx={{ mt: 2 }}>
          <EmpresaPicker prompt="quipu.empresaPicker.verCanales" />
        </Box>
      ) : null}
      {idE ? (
        <CanalListOf idE={picks ? idE : undefined} />
      ) : (
        <Title title={translate('quipu.canales.titulo')} />
      )}
    </>
  );
}

/** `idE`: the company the system admin picked; anyone else's list is their own company's. */
function CanalListOf({ idE }: { idE?: string }) {
  const translate = useTranslate();
  return (
    <List
      resource="canales"
      queryOptions={idE ? { meta: { idE } } : undefined}
      title={translate('quipu.canales.titulo')}
      perPage={1000}
      sort={{ field: 'dsc', order: 'ASC' }}
      actions={<CanalListActions />}
      pagination={false}
      exporter={false}
      empty={false}
      disableSyncWithLocation
    >
      <CanalCards />
    </List>
  );
}
