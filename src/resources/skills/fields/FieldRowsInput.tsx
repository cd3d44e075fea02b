// The rows of fields of a requirement, of memory, or of a webhook's conditions (spec §3 "Field"):
// entity, path, operation, value, order and the message when it is missing. Used inside a card's
// react-hook-form (FormProvider). (Being built: see the skills issue.)
import Typography from '@mui/material/Typography';
import type { FilterOperator } from '../../../../server/src/schemas/skillRules';

/** An entity a field may name: the bot's own (type 0) or an internal one (type 1), with its paths. */
export interface EntityOption {
  id: string;
  nm: string;
  type: 0 | 1;
  paths: string[];
}

export interface FieldRowsInputProps {
  /** The form path of the Field[] ('fields', 'cond'). */
  name: string;
  /** The operations that may be chosen (CONDITION_OPERATORS or MEMORY_OPERATORS). */
  operators: readonly FilterOperator[];
  /** Requirements and memory: the entities to choose from. Webhook conditions: null, the id is a memory name typed in (type 2). */
  entities: EntityOption[] | null;
  /** Memory: `value` is the name the entity is kept under. */
  memory?: boolean;
  disabled?: boolean;
}

export function FieldRowsInput({ name }: FieldRowsInputProps) {
  return <Typography>{name}</Typography>;
}
