// The loaded requirements (or memory) of a skill as editor cards: one edited at a time, a new one
// added in edit mode; each card guards the page while it has unsaved changes.
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { SKILL_MESSAGES } from '../../../../common/schemas/skillRules';
import type { Requerimiento } from '../../../api/skills';
import { noticeText } from '../../../layout/noticeText';
import { useCardList } from '../cards/useCardList';
import type { EntityOption } from '../fields/fieldModel';
import { RequerimientoCard } from './RequerimientoCard';
import { toCatalogue, type Tp } from './requerimientoModel';

export interface RequerimientoListProps {
  records: Requerimiento[];
  tp: Tp;
  idBot: string;
  skillId: string;
  /** null while the entities are loading or could not be read: the cards are then read-only. */
  entities: EntityOption[] | null;
  canEdit: boolean;
}

export function RequerimientoList({ records, tp, idBot, skillId, entities, canEdit }: RequerimientoListProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const list = useCardList(records);
  const { reset, saved, remove } = list;
  const catalogue = useMemo(() => (entities ? toCatalogue(entities) : undefined), [entities]);
  // A field names an entity from the loaded list: without it nothing can be edited.
  const editable = canEdit && !!entities;
  const queryKey = useMemo(() => ['requerimientos', skillId, tp], [skillId, tp]);

  useEffect(() => reset(records), [reset, records]);

  const onSaved = useCallback((key: string, record: Requerimiento) => {
    saved(key, record);
    queryClient.setQueryData<Requerimiento[]>(queryKey, (old = []) =>
      old.some((r) => r.id === record.id) ? old.map((r) => (r.id === record.id ? record : r)) : [...old, record],
    );
  }, [saved, queryClient, queryKey]);

  const onDeleted = useCallback((key: string, id: string) => {
    remove(key);
    queryClient.setQueryData<Requerimiento[]>(queryKey, (old = []) => old.filter((r) => r.id !== id));
  }, [remove, queryClient, queryKey]);

  const add = () => {
    if (!list.add({})) notify(SKILL_MESSAGES.pendiente, noticeText(SKILL_MESSAGES.pendiente, 'warning'));
  };

  return (
    <>
      {list.items.length === 0 && (
        <Typography role="status" sx={{ mb: 2 }}>
          {translate(tp === 1 ? 'quipu.requerimientos.ningunaMemoria' : 'quipu.requerimientos.ninguno')}
        </Typography>
      )}
      {list.items.map((item, index) => (
        <RequerimientoCard
          key={item.key}
          item={item}
          index={index}
          tp={tp}
          idBot={idBot}
          skillId={skillId}
          entities={entities ?? []}
          catalogue={catalogue}
          canEdit={editable}
          list={list}
          onSaved={onSaved}
          onDeleted={onDeleted}
        />
      ))}
      {editable && (
        <Button variant="outlined" startIcon={<AddIcon />} onClick={add}>
          {translate(tp === 1 ? 'quipu.requerimientos.agregarMemoria' : 'quipu.requerimientos.agregar')}
        </Button>
      )}
    </>
  );
}
