// The connected account's pages (#, Página, Bot): choosing a page's bot links it at once (POST
// /fb/suscribe, which also subscribes the app to the page's messages); 'Desvincular' unlinks it.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { UNLINK, type FacebookPage } from '../../../api/canales';
import type { BotRefRow } from '../../../api/bots';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { BotPicker } from '../../../layout/BotPicker';
import { FormSection } from '../../../layout/FormParts';
import { useCanalEditorContext } from '../common';
import { facebookPagesKey } from './useFacebookPages';

interface FacebookPagesTableProps {
  pages: readonly FacebookPage[];
  bots: ReadonlyArray<Pick<BotRefRow, 'id' | 'nm'>>;
}

export function FacebookPagesTable({ pages, bots }: FacebookPagesTableProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const queryClient = useQueryClient();
  const { canal, readOnly, fail } = useCanalEditorContext();
  const [busy, setBusy] = useState<string | null>(null);
  if (!canal?.id) return null;

  const change = async (page: FacebookPage, next: string) => {
    if (next === (page.b ?? '') || (next === UNLINK && !page.b)) return;
    setBusy(page.id);
    try {
      queryClient.setQueryData(facebookPagesKey(canal.id), await dataProvider.linkFacebookPage(canal.id, page.id, next));
      notify('quipu.facebook.vinculado', { type: 'success' });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <FormSection title="quipu.facebook.paginas">
      {pages.length === 0 ? (
        <Typography variant="body2">{translate('quipu.facebook.sinPaginas')}</Typography>
      ) : (
        <Table size="small" sx={{ maxWidth: 720 }}>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{translate('quipu.facebook.numero')}</TableCell>
              <TableCell scope="col">{translate('quipu.facebook.pagina')}</TableCell>
              <TableCell scope="col">{translate('quipu.facebook.bot')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {pages.map((page) => (
              <TableRow key={page.id}>
                <TableCell>{page.n}</TableCell>
                <TableCell>{page.name}</TableCell>
                <TableCell>
                  <BotPicker
                    id={`fb-bot-${page.id}`}
                    label={translate('quipu.facebook.botDe', { page: page.name })}
                    // The linked bot stays visible even if the list does not bring it.
                    bots={page.b && !bots.some((bot) => bot.id === page.b) ? [{ id: page.b, nm: page.bot ?? page.b }, ...bots] : bots}
                    value={page.b ?? ''}
                    onChange={(next) => void change(page, next)}
                    prompt={translate('quipu.canales.botSeleccione')}
                    first={{ value: UNLINK, label: translate('quipu.canales.desvincular') }}
                    ruleLine={false}
                    readOnly={readOnly}
                    disabled={busy === page.id}
                    sx={{ minWidth: 220 }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </FormSection>
  );
}
