// What every action kind brings, the rule half shared by the console and the server: its type, its
// Spanish name and texts, the TypeBox schema of its own fields, and the rules of those fields.
// The runtime half (what the engine does with the action) is in server/src/engine/actions/<kind>.
import type { TProperties } from 'typebox';
import type { ActionType, FieldInput, Problem } from '../schemas/skillRules';

/** Where the action is saved: its bot and skill (a jump may not name them) and, at deploy, the bot's encrypted extras' keys. */
export interface AccionContext {
  idBot?: string;
  idSkill?: string;
  extras?: readonly string[];
}

/** The fields every kind has: the channels it answers on, `unique`, and the conditions it runs under. */
export interface AccionCommonInput {
  red?: readonly number[] | null;
  cond?: readonly FieldInput[] | null;
}

/** A field that names another skill or bot of the company (checked against what exists). */
export interface AccionLink {
  field: 'sk' | 'b';
  /** Without it the action is incomplete (a jump); otherwise the field may stay empty. */
  required: boolean;
  /** Said at the field when what it names is not in the company. */
  missing: string;
}

export interface AccionRule<T extends ActionType, I extends object, F extends TProperties = TProperties> {
  type: T;
  /** The Spanish name, as the add buttons and the first-action message say it. */
  label: string;
  /** A jump ends the skill: a skill whose first action is a jump may only have jumps. */
  jump: boolean;
  /** The kind's own fields on the wire (every field optional in a save). */
  fields: F;
  /** The kind's own Spanish texts. */
  messages: Readonly<Record<string, string>>;
  /** The fields a new action gets on the server when the save leaves them out. */
  defaults?: () => Partial<I>;
  /** The kind checks its conditions itself, in its own order (a webhook's decide whether it calls). */
  ownConditions?: boolean;
  /** The skill (`sk`) or bot (`b`) the action names. */
  link?: AccionLink;
  /** Where a `{{secreto.nombre}}` may go in this kind: the path of the text and where in it. */
  secretAllowed?(path: string, text: string, at: number): boolean;
  /** The field a problem found at `path` is shown on (an editor may show a list's problems on the list). */
  problemField?(path: string): string;
  /** What the kind's own fields break. */
  validate(accion: I, context: AccionContext): Problem[];
}
