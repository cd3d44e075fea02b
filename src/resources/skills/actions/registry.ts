// Every action kind, by type (DESIGN.md §12): adding a kind is its folder and one line here. The
// order is the add buttons' order: the spec's eight, then 'Respuesta rápida'.
import type { ActionType } from '../../../../common/schemas/skillRules';
import type { AccionKind } from './accionKind';
import { boton } from './button';
import { card } from './card';
import { carousel } from './carousel';
import { irBot } from './goBot';
import { humano } from './goHuman';
import { irSkill } from './goSkill';
import { respuestaRapida } from './quickReply';
import { texto } from './text';
import { webHook } from './webhook';

export const ACCION_KINDS: readonly AccionKind[] = [texto, card, carousel, boton, webHook, irSkill, irBot, humano, respuestaRapida];

const BY_TYPE = new Map<ActionType, AccionKind>(ACCION_KINDS.map((kind) => [kind.type, kind]));

export function accionKind(type: ActionType): AccionKind {
  const kind = BY_TYPE.get(type);
  if (!kind) throw new Error(`Tipo de acción desconocido: ${type}`);
  return kind;
}
