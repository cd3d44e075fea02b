// One requirement (or memory) as an editor card with its own form: the saved one read as
// sentences, and in edit mode how its fields combine, the field rows and the messages for a
// missing field. Guardar runs the shared rules first; a 400 marks the server's field, a 409 keeps
// what was typed.
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useEffect, useId } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { CONDITION_OPERATORS, MEMORY_OPERATORS, SKILL_MESSAGES, validateRequerimiento, type EntityCatalogue } from '../../../../common/schemas/skillRules';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { messageOf } from '../../../api/HttpError';
import type { Requerimiento } from '../../../api/skills';
import { noticeText } from '../../../layout/noticeText';
import { EditorCard } from '../cards/EditorCard';
import { markServerError, rulesResolver } from '../cards/formRules';
import type { CardItem, CardList } from '../cards/useCardList';
import { useLeaveGuard } from '../cards/useLeaveGuard';
import { FieldRowsInput } from '../fields/FieldRowsInput';
import type { EntityOption } from '../fields/fieldModel';
import { newRequerimiento, toRequerimientoBody, toRequerimientoForm, type RequerimientoForm, type Tp } from './requerimientoModel';
import { ReplyMissingInput } from './ReplyMissingInput';
import { RequerimientoView } from './RequerimientoView';

export interface RequerimientoCardProps {
  item: CardItem<Requerimiento>;
  index: number;
  tp: Tp;
  idBot: string;
  skillId: string;
  /** The entities a field may name; empty while they could not be read. */
  entities: EntityOption[];
  /** The same entities for the rules; undefined while they could not be read. */
  catalogue: EntityCatalogue | undefined;
  canEdit: boolean;
  list: CardList<Requerimiento>;
  /** The server stored it (the list and the tab's cached answer follow). */
  onSaved: (key: string, record: Requerimiento) => void;
  onDeleted: (key: string, id: string) => void;
}

export function RequerimientoCard({ item, index, tp, idBot, skillId, entities, catalogue, canEdit, list, onSaved, onDeleted }: RequerimientoCardProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const formId = `${useId()}-form`;
  const { record, key } = item;
  const editing = list.editing === key;
  const form = useForm<RequerimientoForm>({
    defaultValues: record ? toRequerimientoForm(record) : newRequerimiento(tp),
    resolver: rulesResolver((values) => validateRequerimiento({ ...values, tp }, catalogue)),
  });
  const { isDirty, isSubmitting, errors } = form.formState;
  const t = (k: string, options?: object) => translate(`quipu.requerimientos.${k}`, options);

  const { setDirty } = list;
  useEffect(() => setDirty(key, isDirty), [setDirty, key, isDirty]);
  // Out of edit mode (cancelled, saved, another card opened, the list read again) the form holds
  // the record as stored, so Editar starts from it and sends its rev.
  useEffect(() => {
    if (!editing) form.reset(record ? toRequerimientoForm(record) : newRequerimiento(tp));
  }, [editing, record, form, tp]);

  const submit = async (values: RequerimientoForm) => {
    try {
      const saved = await dataProvider.saveRequerimiento(toRequerimientoBody(values, { id: record?.id, idBot, idSkill: skillId, tp, rev: record?.rev }));
      form.reset(toRequerimientoForm(saved));
      onSaved(key, saved);
      if (tp === 1) notify('quipu.requerimientos.guardadoMemoria', { type: 'success', messageArgs: { sugerencia: SKILL_MESSAGES.sugerenciaMemoria }, multiLine: true });
      else notify('quipu.requerimientos.guardado', { type: 'success' });
      return true;
    } catch (error) {
      // 400: the message, and its field marked; 409: the message, and the values stay as typed.
      notify(messageOf(error), noticeText(messageOf(error), 'error'));
      markServerError(error, form.setError);
      return false;
    }
  };
  const save = form.handleSubmit(submit);
  // A new card counts as unsaved until it is stored.
  useLeaveGuard(form, { unsaved: isDirty || !record, submit });

  const remove = async () => {
    if (!record) return list.remove(key);
    try {
      await dataProvider.deleteRequerimiento(record.id);
      onDeleted(key, record.id);
      notify('quipu.requerimientos.eliminado', { type: 'success' });
    } catch (error) {
      notify(messageOf(error), noticeText(messageOf(error), 'error'));
    }
  };

  const startEdit = () => {
    if (!list.edit(key)) notify(SKILL_MESSAGES.pendiente, noticeText(SKILL_MESSAGES.pendiente, 'warning'));
  };

  return (
    <EditorCard
      title={t(tp === 1 ? 'memoria' : 'requerimiento', { n: index + 1 })}
      editing={editing}
      saved={!!record}
      dirty={isDirty}
      invalid={Object.keys(errors).length > 0}
      saving={isSubmitting}
      canEdit={canEdit}
      onEdit={startEdit}
      onCancel={() => {
        form.reset();
        list.close(key);
      }}
      formId={formId}
      onDelete={remove}
    >
      {editing ? (
        <FormProvider {...form}>
          <Box component="form" id={formId} onSubmit={save} noValidate>
            <Controller
              control={form.control}
              name="op"
              render={({ field }) => (
                <FormControl component="fieldset" margin="dense" error={!!errors.op}>
                  <FormLabel component="legend">{t('op')}</FormLabel>
                  <RadioGroup row name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur}>
                    <FormControlLabel value="AND" control={<Radio />} label={t('opAnd')} />
                    <FormControlLabel value="OR" control={<Radio />} label={t('opOr')} />
                  </RadioGroup>
                  {errors.op?.message && <FormHelperText>{errors.op.message}</FormHelperText>}
                </FormControl>
              )}
            />
            <FieldRowsInput
              name="fields"
              operators={tp === 1 ? MEMORY_OPERATORS : CONDITION_OPERATORS}
              entities={entities}
              memory={tp === 1}
            />
            <ReplyMissingInput name="replyMissing" />
          </Box>
        </FormProvider>
      ) : record ? (
        <RequerimientoView record={record} entities={entities} />
      ) : null}
    </EditorCard>
  );
}
