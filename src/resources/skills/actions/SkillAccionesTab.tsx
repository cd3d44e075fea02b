// The Acciones tab of the skill editor: the skill's
// actions in order, each an editor card, reordered by drag and drop (or the keyboard), and one add
// button per kind. One card is edited at a time; leaving with an unsaved one asks first (the card's
// own guard). Without isBotEdit everything is read-only: the server refuses such a user's action writes.
import { DndContext, closestCenter } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { messageOf } from '../../../api/HttpError';
import type { Accion } from '../../../api/skills';
import { StatusMessage } from '../../../layout/ListTable';
import { noticeText } from '../../../layout/noticeText';
import { SKILL_MESSAGES, type ActionType } from '../../../../common/schemas/skillRules';
import { ACTION_LABELS, firstActionProblem } from '../../../../common/actions';
import { useCardList } from '../cards/useCardList';
import { AccionCard } from './AccionCard';
import { cardTitle } from './accionModel';
import { ACCION_KINDS } from './registry';
import { SortableAccion } from './SortableAccion';
import { useAccionesOrder } from './useAccionesOrder';

export interface SkillAccionesTabProps {
  skillId: string;
  idBot: string;
  /** The user's isBotEdit flag. */
  canEdit: boolean;
}

export function SkillAccionesTab(props: SkillAccionesTabProps) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  // Always asked afresh: the list lives in the tab while it is open, not in the cache.
  const { data, error } = useQuery({
    queryKey: ['acciones', props.skillId],
    queryFn: () => dataProvider.getAcciones(props.skillId),
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  if (error) return <StatusMessage text={messageOf(error)} />;
  if (!data) return <StatusMessage text="quipu.tabla.cargando" />;
  return <AccionesList {...props} initial={data} />;
}

const typeOf = (item: { record: Accion | null; draft?: Partial<Accion> }) => (item.record?.type ?? item.draft?.type) as ActionType;

function AccionesList({ skillId, idBot, canEdit, initial }: SkillAccionesTabProps & { initial: Accion[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const list = useCardList<Accion>(initial);
  const listRef = useRef<HTMLDivElement>(null);
  const addLabelId = useId();

  const names = useMemo(() => new Map(list.items.map((item, i) => [item.key, cardTitle(typeOf(item), i)])), [list.items]);
  const order = useAccionesOrder({ list, idBot, skillId, names });

  const refuse = (message: string) => notify(message, noticeText(message, 'warning'));
  /** Brings the user back to the card with unsaved changes: its first field. */
  const focusEditing = () => {
    const card = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[data-accion]') ?? []).find((el) => el.dataset.accion === list.editing);
    (card?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, select') ?? card)?.focus();
  };
  const pending = () => {
    refuse(SKILL_MESSAGES.pendiente);
    focusEditing();
  };

  const add = (type: ActionType) => {
    const problem = firstActionProblem(list.items.map(typeOf), type);
    if (problem) return refuse(problem);
    if (!list.add({ type })) pending();
  };

  return (
    <Box>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {translate('quipu.acciones.titulo')}
      </Typography>
      {list.items.length === 0 && <Typography sx={{ my: 2 }}>{translate('quipu.acciones.vacio')}</Typography>}
      <div ref={listRef}>
        <DndContext sensors={order.sensors} collisionDetection={closestCenter} onDragEnd={order.onDragEnd} accessibility={order.accessibility}>
          <SortableContext items={order.keys} strategy={verticalListSortingStrategy} disabled={!canEdit || order.moving}>
            {list.items.map((item) => (
              <SortableAccion key={item.key} id={item.key} name={names.get(item.key)!} draggable={canEdit}>
                {(handle) => (
                  <AccionCard
                    item={item}
                    title={names.get(item.key)!}
                    editing={canEdit && list.editing === item.key}
                    canEdit={canEdit}
                    handle={handle}
                    idBot={idBot}
                    skillId={skillId}
                    onEdit={() => list.edit(item.key) || pending()}
                    onClose={() => list.close(item.key)}
                    onDirty={(dirty) => list.setDirty(item.key, dirty)}
                    onSaved={(saved) => list.saved(item.key, saved)}
                    onRemoved={() => list.remove(item.key)}
                  />
                )}
              </SortableAccion>
            ))}
          </SortableContext>
        </DndContext>
      </div>
      {canEdit && (
        <Box role="group" aria-labelledby={addLabelId} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 2 }}>
          <Typography id={addLabelId} variant="body2" sx={{ color: 'text.secondary' }}>
            {translate('quipu.acciones.agregar')}
          </Typography>
          {ACCION_KINDS.map((kind) => (
            <Button key={kind.type} variant="outlined" size="small" startIcon={<AddIcon />} onClick={() => add(kind.type)}>
              {ACTION_LABELS[kind.type]}
            </Button>
          ))}
        </Box>
      )}
    </Box>
  );
}
