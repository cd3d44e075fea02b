// What each action kind brings to the registry (one folder per kind): its rule half from
// common/actions/<kind> (type, Spanish name and texts, schema, validate), the fields a new card
// opens with, the editor inside the card's form, and the view of a saved action.
import type { ComponentType } from 'react';
import type { Accion } from '../../../api/skills';
import type { AccionRule } from '../../../../common/actions';
import type { ActionType } from '../../../../common/schemas/skillRules';
import type { AccionValues } from './accionModel';

/** Where the card is: its bot (GO_BOT lists the others) and its skill (GO_SKILL lists the others). */
export interface AccionContext {
  idBot: string;
  skillId: string;
}

export interface AccionViewProps extends AccionContext {
  accion: Accion;
}

export interface AccionKind {
  type: ActionType;
  rule: AccionRule<ActionType, object>;
  /** The kind's own fields and their values in a new card (red and unique are every kind's). */
  defaults: () => Partial<AccionValues>;
  /** The values as checked and saved, when the editor holds more than the kind's fields (a text typed but not added). */
  prepare?: (values: AccionValues) => AccionValues;
  /** The inputs, inside the card's react-hook-form FormProvider. */
  Editor: ComponentType<AccionContext>;
  View: ComponentType<AccionViewProps>;
}
