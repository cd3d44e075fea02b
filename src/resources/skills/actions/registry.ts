// Every action kind, by type: adding a kind is its folder and one line here. The order is the add
// buttons' order: the eight first kinds, then 'Respuesta rápida'.
import type { ActionType } from '../../../../common/schemas/skillRules';
import type { AccionKind } from './accionKind';
import { button } from './button';
import { card } from './card';
import { carousel } from './carousel';
import { goBot } from './goBot';
import { goHuman } from './goHuman';
import { goSkill } from './goSkill';
import { quickReply } from './quickReply';
import { text } from './text';
import { webhook } from './webhook';

export const ACCION_KINDS: readonly AccionKind[] = [text, card, carousel, button, webhook, goSkill, goBot, goHuman, quickReply];

const BY_TYPE = new Map<ActionType, AccionKind>(ACCION_KINDS.map((kind) => [kind.type, kind]));

export function accionKind(type: ActionType): AccionKind {
  const kind = BY_TYPE.get(type);
  if (!kind) throw new Error(`Tipo de acción desconocido: ${type}`);
  return kind;
}
