// The rows of fields of a requirement, of memory, or of a webhook's conditions:
// entity, path, operation, value, order and the message when it is missing. Used inside a card's
// react-hook-form (FormProvider), as a field array under `name`.
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import { useId, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import type { FilterOperator } from '../../../../common/schemas/skillRules';
import { errorAt } from '../cards/formRules';
import { newFieldRow, type EntityOption } from './fieldModel';
import { FieldRowInputs } from './FieldRowInputs';

export type { EntityOption };

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

export function FieldRowsInput({ name, operators, entities, memory = false, disabled = false }: FieldRowsInputProps) {
  const translate = useTranslate();
  const errorId = useId();
  const { control } = useFormContext();
  // keyName: the rows have an `id` of their own (the entity), which the array's keys must not hide.
  const { fields, append, remove } = useFieldArray({ control, name, keyName: 'key' });
  const { errors } = useFormState({ control, name });
  const addButton = useRef<HTMLButtonElement>(null);
  // The list's own rule ('Debe ingresar al menos un campo'), beside its rows' ones.
  const listError = errorAt(errors, name);

  const removeRow = (index: number) => {
    remove(index);
    addButton.current?.focus();
  };

  return (
    <Box>
      {fields.map((row, index) => (
        <FieldRowInputs
          key={row.key}
          base={`${name}.${index}`}
          index={index}
          operators={operators}
          entities={entities}
          memory={memory}
          disabled={disabled}
          onRemove={() => removeRow(index)}
        />
      ))}
      {listError && (
        <FormHelperText error id={errorId}>
          {listError}
        </FormHelperText>
      )}
      {!disabled && (
        <Button
          ref={addButton}
          size="small"
          startIcon={<AddIcon />}
          aria-describedby={listError ? errorId : undefined}
          // The new row's first input takes the focus (react-hook-form focuses it after append).
          onClick={() => append(newFieldRow({ memory, withEntities: !!entities, order: fields.length + 1 }))}
        >
          {translate(entities ? 'quipu.requerimientos.campo.agregar' : 'quipu.requerimientos.campo.agregarCondicion')}
        </Button>
      )}
    </Box>
  );
}
