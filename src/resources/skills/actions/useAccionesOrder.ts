// Reordering the actions by drag and drop: refused while any card is unsaved ('Primero
// debe guardar todas las acciones') or when the new order breaks the first-action rule; otherwise
// the list moves at once and POST /accion.order answers the stored order. A refusal (409: someone
// else changed the list) shows the server's message and reloads the list.
import { KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type ScreenReaderInstructions } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useMemo, useRef, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { messageOf } from '../../../api/HttpError';
import type { Accion } from '../../../api/skills';
import { noticeText } from '../../../layout/noticeText';
import { SKILL_MESSAGES, moveItem } from '../../../../common/schemas/skillRules';
import { orderProblem } from '../../../../common/actions';
import type { CardList } from '../cards/useCardList';

export interface OrderOptions {
  list: CardList<Accion>;
  idBot: string;
  skillId: string;
  /** Each card's name by key ('Texto 1'), for the announcements. */
  names: ReadonlyMap<string, string>;
}

export function useAccionesOrder({ list, idBot, skillId, names }: OrderOptions) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [moving, setMoving] = useState(false);
  // The first 'over' of a drag is the card over itself: said at once, it would hide 'Se levantó'.
  const justLifted = useRef(false);
  const sensors = useSensors(
    // A few pixels before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const keys = list.items.map((item) => item.key);
  const refuse = (message: string) => notify(message, noticeText(message, 'warning'));

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    if (list.unsaved) return refuse(SKILL_MESSAGES.guardeAcciones);
    const source = keys.indexOf(String(active.id));
    const destination = keys.indexOf(String(over.id));
    const records = list.items.map((item) => item.record!);
    const moved = moveItem(records, source, destination);
    const problem = orderProblem(moved.map((accion) => accion.type));
    if (problem) return refuse(problem);
    list.reset(moved);
    setMoving(true);
    try {
      list.reset(await dataProvider.orderAcciones({ source, destination, idBot, skillId, id: records[source].id }));
    } catch (error) {
      notify(messageOf(error), noticeText(messageOf(error), 'error'));
      try {
        list.reset(await dataProvider.getAcciones(skillId));
      } catch (reloadError) {
        notify(messageOf(reloadError), noticeText(messageOf(reloadError), 'error'));
      }
    } finally {
      setMoving(false);
    }
  };

  const accessibility = useMemo(() => {
    const name = (id: string | number) => names.get(String(id)) ?? '';
    const position = (id: string | number) => ({ posicion: keys.indexOf(String(id)) + 1, total: keys.length });
    const announcements: Announcements = {
      onDragStart: ({ active }) => {
        justLifted.current = true;
        return translate('quipu.acciones.orden.levantada', { nombre: name(active.id), ...position(active.id) });
      },
      onDragOver: ({ active, over }) => {
        const first = justLifted.current;
        justLifted.current = false;
        if (first && over?.id === active.id) return undefined;
        return over ? translate('quipu.acciones.orden.sobre', { nombre: name(active.id), ...position(over.id) }) : translate('quipu.acciones.orden.fuera', { nombre: name(active.id) });
      },
      onDragEnd: ({ active, over }) =>
        over ? translate('quipu.acciones.orden.soltada', { nombre: name(active.id), ...position(over.id) }) : translate('quipu.acciones.orden.soltadaFuera', { nombre: name(active.id) }),
      onDragCancel: ({ active }) => translate('quipu.acciones.orden.cancelada', { nombre: name(active.id), ...position(active.id) }),
    };
    const screenReaderInstructions: ScreenReaderInstructions = { draggable: translate('quipu.acciones.orden.instrucciones') };
    return { announcements, screenReaderInstructions };
    // keys is rebuilt on every render; its contents are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [names, keys.join('\n'), translate]);

  return { sensors, keys, onDragEnd, moving, accessibility };
}
