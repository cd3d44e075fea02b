// What every action kind brings to the engine, the runtime half: what the bot does when a skill
// reaches an action of that kind. The rule half (schema, texts, validate) is in common/actions/<kind>.
import type { AccionFieldsOf, AccionInputOf } from '../../../../common/actions';
import type { AccionDef, SkillDef } from '../../../../common/schemas/bots';
import type { ChatMessage, TurnDebug } from '../../../../common/schemas/chat';
import type { Button, Field } from '../../../../common/schemas/skills';
import type { ActionType, Problem } from '../../../../common/schemas/skillRules';
import type { CompiledBot } from '../bundle';
import type { AdmittedFile } from '../attachments';
import type { ConversationState, TurnContext, TurnInput } from '../turnTypes';

/** A stored action of kind T: its fields typed as its kind's (any may be missing). */
export type RunnableAccionOf<T extends ActionType> = Omit<AccionDef, 'type' | 'cfg'> & { type: T; cfg: AccionFieldsOf<T> };
export type RunnableAccion = { [T in ActionType]: RunnableAccionOf<T> }[ActionType];

/** What of the turn an action may use: the conversation's state, the bot's messages, other skills. */
export interface ActionTurn {
  /** The bot answering now (GO_BOT changes it). */
  bot: CompiledBot;
  readonly state: ConversationState;
  readonly ctx: TurnContext;
  /** The webhooks called this turn, for the test chat's debug. */
  readonly webhooks: TurnDebug['webhooks'];
  say(partial: Omit<ChatMessage, 'id' | 'fc'>, idSkill: string | null): void;
  /** A text message with memory and {{bot.skills}} filled in; a blank one, or one offering skills the bot lacks, is not sent. */
  text(text: string, idSkill?: string | null): void;
  /** Remembers the postback buttons offered, and what an answer outside them gets. */
  offer(buttons: readonly Button[], invalidOption: string | undefined): void;
  /** An image's address as the client reaches it. */
  image(url: string): string;
  /** Whether an action's conditions hold. */
  conditionsHold(cfg: { cond?: readonly Field[]; op?: string }): boolean;
  /** Runs another skill (its requirements, memory and actions). */
  run(skill: SkillDef): Promise<void>;
  /** Chooses the skill for a text and runs it. */
  answer(input: TurnInput): Promise<unknown>;
  /** The files admitted to the conversation's file step (a webhook with `files` sends them). */
  attachedFiles(): Promise<AdmittedFile[]>;
}

export interface AccionRun<T extends ActionType> {
  type: T;
  /**
   * Its run reaches past the conversation (a webhook's call, another bot's turn): a conversation
   * of a bot with such an action is read from the store at every turn, never taken as this
   * instance last wrote it, so a turn that must run again never repeats a call.
   */
  callsOut?: true;
  /** What a save refuses that only the server may judge (a literal internal address). */
  refuse?(accion: AccionInputOf<T>, allow: readonly string[]): Problem | undefined;
  /** Runs the action. False ends the skill (a jump, a handover, a failed webhook). */
  run(turn: ActionTurn, skill: SkillDef, action: RunnableAccionOf<T>): boolean | Promise<boolean>;
}
