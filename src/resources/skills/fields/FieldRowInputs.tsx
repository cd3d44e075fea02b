// One field row: entity (or a memory name), path, operation, value when the operation takes one,
// order and the message when it is missing, each with the rule's message under it.
// The selects are native: their optgroups ('Entidades del bot', 'Entidades internas') are read
// out as groups by screen readers, which MUI's menu subheaders are not.
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { Controller, useFormContext, useFormState, useWatch, type ControllerRenderProps } from 'react-hook-form';
import { OPERATOR_LABELS, type FilterOperator } from '../../../../common/schemas/skillRules';
import { errorAt } from '../cards/formRules';
import { DEFAULT_PATHS, entityKey, entityOf, needsValue, type EntityOption, type FieldRow } from './fieldModel';

export interface FieldRowInputsProps {
  /** The row's form path ('fields.0'). */
  base: string;
  index: number;
  operators: readonly FilterOperator[];
  entities: EntityOption[] | null;
  memory: boolean;
  disabled: boolean;
  onRemove: () => void;
}

const nativeSelect: TextFieldProps['slotProps'] = { select: { native: true }, inputLabel: { shrink: true } };

/** A controlled text input's props (its ref goes to the input, where a save's error focuses). */
const bind = ({ name, value, onChange, onBlur, ref }: ControllerRenderProps) => ({ name, value: (value as string | null) ?? '', onChange, onBlur, inputRef: ref });

export function FieldRowInputs({ base, index, operators, entities, memory, disabled, onRemove }: FieldRowInputsProps) {
  const translate = useTranslate();
  const uid = useId();
  const { control, setValue } = useFormContext();
  const row = (useWatch({ control, name: base }) ?? {}) as Partial<FieldRow>;
  const { errors } = useFormState({ control, name: base });
  const headingId = `${uid}-titulo`;
  // A refusal about the row as a whole (a server 400 naming 'fields.0').
  const rowError = errorAt(errors, base);
  const t = (key: string, options?: object) => translate(`quipu.requerimientos.campo.${key}`, options);
  /** The props every input of the row shares: its id, label, rule message and read-only state. */
  const common = (key: keyof FieldRow, label: string) => {
    const message = errorAt(errors, `${base}.${key}`);
    return { id: `${uid}-${key}`, label, error: !!message, helperText: message, disabled, size: 'small' as const, margin: 'dense' as const };
  };

  const entity = entityOf(entities, { id: row.id ?? '', type: row.type ?? 0 });
  const paths = entity?.paths ?? [...DEFAULT_PATHS];
  if (row.path && !paths.includes(row.path)) paths.push(row.path);
  const ops = row.op && !operators.includes(row.op) ? [...operators, row.op] : operators;

  return (
    <Box role="group" aria-labelledby={headingId} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5, mb: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={headingId} variant="body2" sx={{ fontWeight: 600 }}>
          {t(entities ? 'grupo' : 'grupoCondicion', { n: index + 1 })}
        </Typography>
        {!disabled && (
          <IconButton aria-label={t(entities ? 'quitar' : 'quitarCondicion', { n: index + 1 })} onClick={onRemove} size="small">
            <DeleteIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      {rowError && <FormHelperText error>{rowError}</FormHelperText>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'flex-start' }}>
        <Controller
          control={control}
          name={`${base}.id`}
          render={({ field }) =>
            entities ? (
              <TextField
                {...common('id', t('entidad'))}
                select
                slotProps={nativeSelect}
                value={entityKey(row.type, field.value as string)}
                inputRef={field.ref}
                onBlur={field.onBlur}
                onChange={(event) => {
                  const key = event.target.value;
                  const chosen = entities.find((e) => entityKey(e.type, e.id) === key);
                  if (!chosen) return;
                  setValue(`${base}.type`, chosen.type, { shouldDirty: true });
                  if (!chosen.paths.includes(row.path ?? '')) setValue(`${base}.path`, chosen.paths[0] ?? DEFAULT_PATHS[0], { shouldDirty: true });
                  field.onChange(chosen.id);
                }}
                sx={{ minWidth: 220 }}
              >
                <option value="" disabled>
                  {t('elegirEntidad')}
                </option>
                {row.id && !entity ? <option value={entityKey(row.type, row.id)}>{row.id}</option> : null}
                {([0, 1] as const).map((type) => {
                  const group = entities.filter((e) => e.type === type);
                  return group.length ? (
                    <optgroup key={type} label={t(type === 0 ? 'entidadesBot' : 'entidadesInternas')}>
                      {group.map((e) => (
                        <option key={e.id} value={entityKey(e.type, e.id)}>
                          {e.nm}
                        </option>
                      ))}
                    </optgroup>
                  ) : null;
                })}
              </TextField>
            ) : (
              <TextField {...common('id', t('nombreMemoria'))} {...bind(field)} sx={{ minWidth: 200 }} />
            )
          }
        />
        <Controller
          control={control}
          name={`${base}.path`}
          render={({ field }) =>
            entities ? (
              <TextField {...common('path', t('path'))} select slotProps={nativeSelect} {...bind(field)} sx={{ minWidth: 120 }}>
                {paths.map((path) => (
                  <option key={path} value={path}>
                    {path}
                  </option>
                ))}
              </TextField>
            ) : (
              <TextField {...common('path', t('path'))} {...bind(field)} sx={{ width: 160 }} />
            )
          }
        />
        <Controller
          control={control}
          name={`${base}.op`}
          render={({ field }) => (
            <TextField
              {...common('op', t('op'))}
              select
              slotProps={nativeSelect}
              value={field.value ?? ''}
              inputRef={field.ref}
              onBlur={field.onBlur}
              onChange={(event) => {
                if (!needsValue(event.target.value)) setValue(`${base}.value`, '', { shouldDirty: true });
                field.onChange(event.target.value);
              }}
              sx={{ minWidth: 200 }}
            >
              {!field.value && (
                <option value="" disabled>
                  {t('op')}
                </option>
              )}
              {ops.map((op) => (
                <option key={op} value={op}>
                  {OPERATOR_LABELS[op]}
                </option>
              ))}
            </TextField>
          )}
        />
        {needsValue(row.op) && (
          <Controller
            control={control}
            name={`${base}.value`}
            render={({ field }) => (
              <TextField {...common('value', t(memory ? 'nombreMemoria' : 'valor'))} {...bind(field)} sx={{ minWidth: 200 }} />
            )}
          />
        )}
        <Controller
          control={control}
          name={`${base}.order`}
          render={({ field }) => (
            <TextField
              {...common('order', t('orden'))}
              type="number"
              slotProps={{ htmlInput: { min: 0, step: 1 } }}
              value={field.value ?? ''}
              inputRef={field.ref}
              onBlur={field.onBlur}
              // Whole numbers from 0 only: the server keeps an integer order.
              onChange={(event) => field.onChange(event.target.value === '' ? null : Math.max(0, Math.trunc(Number(event.target.value))))}
              sx={{ width: 100 }}
            />
          )}
        />
        <Controller
          control={control}
          name={`${base}.replyMissing`}
          render={({ field }) => (
            <TextField {...common('replyMissing', t('mensaje'))} {...bind(field)} sx={{ flex: '1 1 240px' }} />
          )}
        />
      </Box>
    </Box>
  );
}
