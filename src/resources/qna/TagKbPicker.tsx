// The bot's tags as a multi-select (GET /tag-kb). Where `creatable`, a name typed and chosen with
// Enter, or through 'Crear «x»', becomes a new tag (POST /tag-kb); a name already there is chosen.
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { QuipuDataProvider } from '../../api/dataProvider';
import { messageOf } from '../../api/HttpError';
import type { TagKb } from '../../api/qna';
import { noticeText } from '../../layout/noticeText';
import { withGlobalTag } from './qnaModel';

/** An option: a tag, or the offer to create one of the name typed. */
type Option = TagKb & { crear?: boolean };

const filter = createFilterOptions<Option>();
const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('es') === b.trim().toLocaleLowerCase('es');

export function useTagsKb(idBot: string) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const { data, isPending } = useQuery({ queryKey: ['tagsKb', idBot], queryFn: () => dataProvider.getTagsKb(idBot), refetchOnWindowFocus: false });
  return { tags: withGlobalTag(data ?? []), isPending };
}

export interface TagKbPickerProps {
  idBot: string;
  value: readonly string[];
  onChange: (tags: string[]) => void;
  label: string;
  /** The message under the input: an error when `error` is set. */
  error?: string;
  helperText?: string;
  creatable?: boolean;
  readOnly?: boolean;
}

export function TagKbPicker({ idBot, value, onChange, label, error, helperText, creatable = false, readOnly = false }: TagKbPickerProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const queryClient = useQueryClient();
  const { tags, isPending } = useTagsKb(idBot);
  const [creating, setCreating] = useState(false);

  const selected: Option[] = value.map((sg) => tags.find((tag) => tag.sg === sg) ?? { sg, nm: sg });

  const create = async (name: string) => {
    const existing = tags.find((tag) => sameName(tag.nm, name));
    if (existing) return existing.sg;
    setCreating(true);
    try {
      const tag = await dataProvider.createTagKb(idBot, name.trim());
      queryClient.setQueryData<TagKb[]>(['tagsKb', idBot], (old) => (old?.some((t) => t.sg === tag.sg) ? old : [...(old ?? []), tag]));
      return tag.sg;
    } catch (failure) {
      notify(messageOf(failure), noticeText(messageOf(failure), 'error'));
      return null;
    } finally {
      setCreating(false);
    }
  };

  const change = async (next: Array<Option | string>) => {
    const codes: string[] = [];
    for (const item of next) {
      if (typeof item !== 'string' && !item.crear) codes.push(item.sg);
      else if (creatable) {
        const name = typeof item === 'string' ? item : item.nm;
        if (!name.trim()) continue;
        const sg = await create(name);
        if (sg) codes.push(sg);
      }
    }
    onChange([...new Set(codes)]);
  };

  return (
    <Autocomplete<Option, true, false, boolean>
      multiple
      freeSolo={creatable}
      options={tags}
      value={selected}
      loading={isPending || creating}
      readOnly={readOnly}
      disabled={creating}
      filterSelectedOptions
      isOptionEqualToValue={(option, chosen) => option.sg === chosen.sg}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.crear ? translate('quipu.qna.crearTag', { nm: option.nm }) : option.nm)}
      getOptionKey={(option) => (typeof option === 'string' ? option : option.crear ? `crear:${option.nm}` : option.sg)}
      filterOptions={(options, state) => {
        const found = filter(options, state);
        const typed = state.inputValue.trim();
        if (creatable && typed && !options.some((tag) => sameName(tag.nm, typed))) found.push({ sg: '', nm: typed, crear: true });
        return found;
      }}
      noOptionsText={translate('quipu.qna.sinTags')}
      loadingText={translate('quipu.qna.cargando')}
      onChange={(_event, next) => void change(next)}
      renderInput={(params) => (
        <TextField {...params} label={translate(label)} error={!!error} helperText={error ?? (helperText ? translate(helperText) : undefined)} />
      )}
    />
  );
}
