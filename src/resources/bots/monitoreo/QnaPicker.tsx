// A QnA of the bot chosen by typing part of its name: the choices are the first page of POST
// /skill/qna-search filtered by name, asked again once the typing rests.
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { SETTLE_MS, useSettled } from '../../../layout/useSettled';

/** QnAs offered at once. */
const CHOICES = 20;

export interface QnaChoice {
  id: string;
  nm: string;
}

export function QnaPicker({ botId, value, onChange }: { botId: string; value: QnaChoice | null; onChange: (qna: QnaChoice | null) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const [text, setText] = useState('');
  const name = useSettled(text.trim(), SETTLE_MS);
  const { data, isFetching } = useQuery({
    queryKey: ['qna-picker', botId, name],
    queryFn: () =>
      dataProvider.searchQna({ idBot: botId, page: 0, pageSize: CHOICES, sorted: [{ id: 'nm' }], filtered: name ? [{ id: 'nm', value: name }] : [] }),
  });
  const options: QnaChoice[] = (data?.content ?? []).map((row) => ({ id: row.id, nm: row.nm }));
  return (
    <Autocomplete
      id="preguntas-kb-qna"
      size="small"
      sx={{ minWidth: 280 }}
      options={options}
      value={value}
      loading={isFetching}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.nm}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      noOptionsText={translate('quipu.bots.preguntasKb.sinQnas')}
      onChange={(_event, chosen) => onChange(chosen)}
      onInputChange={(_event, typed) => setText(typed)}
      renderInput={(params) => <TextField {...params} label={translate('quipu.bots.preguntasKb.qna')} placeholder={translate('quipu.bots.preguntasKb.buscarQna')} />}
    />
  );
}
