// A list of short texts typed with Enter (phrases, keywords, synonyms, tags), shown as chips. Enter
// runs the rules' addToList: a blank text says 'Debe ingresar un texto valido para ser agregado'
// (also as a notice), a repeated one the list's own message. A chip goes with its delete icon, or
// with Delete or Backspace while it has the focus. The list is one Tab stop (hundreds of phrases
// would be hundreds of stops): the arrow keys, Home and End move between its chips.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import { memo, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { useEvent, useNotify, useTranslate } from 'react-admin';
import { addToList, SKILL_MESSAGES } from '../../common/schemas/skillRules';
import { ErrorText } from './FormParts';

export interface ChipListInputProps {
  source: string;
  /** The text box's label. */
  label: string;
  /** The chips' list name (its aria-label). */
  listLabel: string;
  /** The message for a text already in the list. */
  duplicate: string;
  /** Texts the new one may not repeat besides the list's own (a token's name for its synonyms). */
  taken?: readonly string[];
  /** The list's own rule for a new text: its message when refused (a site that is no address). */
  check?: (text: string) => string | null;
  readOnly?: boolean;
  /** How a chip reads ('t0' is 'Global (t0)'). */
  chipLabel?: (item: string) => string;
  /** Which items are shown (a filter), with their positions in the list; all when absent. */
  visible?: (list: string[]) => Array<{ item: string; index: number }>;
  /** Above the chips: a count, a filter. */
  header?: (list: string[]) => ReactNode;
  /** Beside the text box: a button. */
  aside?: ReactNode;
  /** Under the text box, in place of 'Escriba y presione Enter para agregar': what the list is for. */
  helperText?: string;
}

interface ChipItemProps {
  item: string;
  label: string;
  /** Position in the whole list (what a removal takes out). */
  index: number;
  /** Position among the chips drawn (what the arrow keys move through). */
  position: number;
  /** The one chip the Tab key stops at; the arrows reach the others. */
  current: boolean;
  describedBy?: string;
  onRemove?: (index: number, position: number) => void;
  onFocus?: (position: number) => void;
}

const ChipItem = memo(function ChipItem({ item, label, index, position, current, describedBy, onRemove, onFocus }: ChipItemProps) {
  return (
    <li>
      <Chip
        data-chip={position}
        label={label}
        title={item}
        tabIndex={onRemove ? (current ? 0 : -1) : undefined}
        aria-describedby={describedBy}
        onFocus={onFocus ? () => onFocus(position) : undefined}
        onDelete={onRemove ? () => onRemove(index, position) : undefined}
        sx={{ maxWidth: '100%' }}
      />
    </li>
  );
});

const NONE: string[] = [];

const ARROWS: Record<string, (position: number, last: number) => number> = {
  ArrowRight: (p, last) => Math.min(p + 1, last),
  ArrowDown: (p, last) => Math.min(p + 1, last),
  ArrowLeft: (p) => Math.max(p - 1, 0),
  ArrowUp: (p) => Math.max(p - 1, 0),
  Home: () => 0,
  End: (_p, last) => last,
};

export function ChipListInput({ source, label, listLabel, duplicate, taken = [], check, readOnly, chipLabel, visible, header, aside, helperText }: ChipListInputProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const id = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const { field, fieldState } = useController({ name: source });
  const list: string[] = Array.isArray(field.value) ? (field.value as string[]) : NONE;
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  // Typing in the text box re-renders this list: what is drawn is worked out again only when the
  // list or the filter changes (hundreds of phrases).
  const shown = useMemo(() => (visible ? visible(list) : list.map((item, index) => ({ item, index }))), [visible, list]);
  const heading = useMemo(() => header?.(list), [header, list]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const result = addToList([...taken, ...list], text, duplicate);
    const refused = 'list' in result ? check?.(result.list[result.list.length - 1]) : null;
    if (refused) {
      setRefusal(refused);
      return;
    }
    if ('message' in result) {
      setRefusal(result.message);
      if (result.message === SKILL_MESSAGES.textoInvalido) notify(result.message, { type: 'info', messageArgs: { _: result.message } });
      return;
    }
    field.onChange([...list, result.list[result.list.length - 1]]);
    setText('');
    setRefusal(null);
  };

  const [active, setActive] = useState(0);
  const focusChip = (position: number) => {
    const chips = listRef.current?.querySelectorAll<HTMLElement>('[data-chip]') ?? [];
    (chips[Math.min(position, chips.length - 1)] ?? document.getElementById(`${id}-texto`))?.focus();
  };

  const remove = useEvent((index: number, position: number) => {
    const focused = listRef.current?.contains(document.activeElement);
    field.onChange(list.filter((_, i) => i !== index));
    // The focus moves to the next chip (or the previous one, or the text box), not to the page.
    if (focused) requestAnimationFrame(() => focusChip(position));
  });
  const onChipFocus = useEvent((position: number) => setActive(position));
  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const move = ARROWS[event.key];
    if (!move || readOnly) return;
    event.preventDefault();
    focusChip(move(active, shown.length - 1));
  };

  const error = refusal ?? fieldState.error;
  const hintId = `${id}-quitar`;

  return (
    <Box sx={{ mb: 2 }}>
      {heading}
      {readOnly ? (
        <Typography variant="caption" component="p" color="text.secondary">
          {translate(listLabel, { _: listLabel })}
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            id={`${id}-texto`}
            label={translate(label)}
            value={text}
            size="small"
            error={!!error}
            helperText={typeof error === 'string' ? error : error ? <ErrorText error={error} /> : (helperText ?? translate('quipu.skills.enterAyuda'))}
            onChange={(event) => {
              setText(event.target.value);
              setRefusal(null);
            }}
            onKeyDown={onKeyDown}
            sx={{ flex: '1 1 280px', maxWidth: 560 }}
          />
          {aside}
        </Box>
      )}
      {readOnly || list.length === 0 ? null : (
        <Box component="span" id={hintId} sx={{ display: 'none' }}>
          {translate('quipu.skills.quitarAyuda')}
        </Box>
      )}
      <Box component="ul" ref={listRef} aria-label={translate(listLabel, { _: listLabel })} onKeyDown={onListKeyDown} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {shown.map(({ item, index }, position) => (
          <ChipItem
            key={`${index}:${item}`}
            item={item}
            index={index}
            position={position}
            current={position === Math.min(active, shown.length - 1)}
            label={chipLabel ? chipLabel(item) : item}
            describedBy={readOnly ? undefined : hintId}
            onRemove={readOnly ? undefined : remove}
            onFocus={readOnly ? undefined : onChipFocus}
          />
        ))}
      </Box>
    </Box>
  );
}
