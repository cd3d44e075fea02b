// Every action kind's runtime half, by type: adding a kind is its folder and one line in KINDS
// (the type system checks every ActionType has one). Turn.act is a lookup here.
import type { AccionDef, SkillDef } from '../../../../common/schemas/bots';
import type { AccionInputOf } from '../../../../common/actions';
import type { ActionType, Problem } from '../../../../common/schemas/skillRules';
import type { AccionRun, ActionTurn, RunnableAccion, RunnableAccionOf } from './kind';
import { button } from './button';
import { card } from './card';
import { carousel } from './carousel';
import { goBot } from './goBot';
import { goHuman } from './goHuman';
import { goSkill } from './goSkill';
import { quickReply } from './quickReply';
import { text } from './text';
import { webhook } from './webhook';

const KINDS: { [T in ActionType]: AccionRun<T> } = {
  TEXT: text,
  CARD: card,
  CAROUSEL: carousel,
  BUTTON: button,
  QUICK_REPLY: quickReply,
  WEB_HOOK: webhook,
  GO_BOT: goBot,
  GO_HUMAN: goHuman,
  GO_SKILL: goSkill,
};

/** The kinds whose run calls out of the conversation (AccionRun.callsOut). */
const CALLING_OUT: ReadonlySet<ActionType> = new Set(Object.values(KINDS).filter((kind) => kind.callsOut).map((kind) => kind.type));

/** Whether an action of kind `type` calls out of the conversation (a webhook, a handover to another bot). */
export const callsOut = (type: ActionType): boolean => CALLING_OUT.has(type);

/** A stored action read as its kind's: its fields were checked by the kind's rules when saved or imported, and each kind reads them defensively. */
export function runnable(action: AccionDef): RunnableAccion {
  return action as RunnableAccion;
}

/** Runs one action; an unknown kind does nothing and the skill goes on. False ends the skill. */
export async function runAccion<T extends ActionType>(turn: ActionTurn, skill: SkillDef, action: RunnableAccionOf<T>): Promise<boolean> {
  const kind: AccionRun<T> | undefined = KINDS[action.type];
  return kind ? kind.run(turn, skill, action) : true;
}

/** What a save refuses that only the server may judge, for the action's kind. */
export function refuseAccion<T extends ActionType>(accion: AccionInputOf<T>, allow: readonly string[]): Problem | undefined {
  return KINDS[accion.type].refuse?.(accion, allow);
}

export { STATUS_PATH } from './webhook';
export type { ActionTurn, RunnableAccion } from './kind';
