// One action of the list: its own react-hook-form form checked by the
// shared rules, the kind's editor or view, the channels and 'Enviar solo una vez por
// conversación'. Guardar sends POST /accion; a 400 marks the server's field, a 409 keeps what was
// typed. Which card may open is the list's business (one at a time).
import { useEffect, useId, useMemo, type ReactNode } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { FormProvider, useController, useForm } from 'react-hook-form';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { messageOf } from '../../../api/HttpError';
import type { Accion } from '../../../api/skills';
import { noticeText } from '../../../layout/noticeText';
import type { ActionType } from '../../../../common/schemas/skillRules';
import { validateAccion } from '../../../../common/actions';
import { EditorCard } from '../cards/EditorCard';
import { errorAt, markServerError, rulesResolver } from '../cards/formRules';
import type { CardItem } from '../cards/useCardList';
import { useLeaveGuard } from '../cards/useLeaveGuard';
import type { AccionContext } from './accionKind';
import { channelNames, toAccionBody, toFormValues, type AccionValues } from './accionModel';
import { ChannelToggles } from './ChannelToggles';
import { FormSwitch } from './inputs/FormInputs';
import { accionKind } from './registry';

/** Every kind's own: the channels it answers on and whether it is sent once per conversation. */
function ComunInputs() {
  const { field, formState } = useController({ name: 'red' });
  return (
    <>
      <ChannelToggles value={(field.value as number[] | undefined) ?? []} onChange={field.onChange} error={errorAt(formState.errors, 'red')} />
      <FormSwitch name="unique" label="quipu.acciones.unique" />
    </>
  );
}

/** The saved action's channels and `unique`, under its heading. */
function ComunSummary({ accion }: { accion: Accion }) {
  const translate = useTranslate();
  const canales = `${translate('quipu.acciones.canales.titulo')}: ${channelNames(accion.red ?? [8], translate('quipu.acciones.canales.todos'))}`;
  return accion.unique ? `${canales} · ${translate('quipu.acciones.unique')}` : canales;
}

export interface AccionCardProps extends AccionContext {
  item: CardItem<Accion>;
  /** 'Texto 1': the kind and the place in the list. */
  title: string;
  editing: boolean;
  canEdit: boolean;
  /** The drag handle, for whoever may reorder. */
  handle?: ReactNode;
  onEdit: () => void;
  onClose: () => void;
  onDirty: (dirty: boolean) => void;
  onSaved: (accion: Accion) => void;
  onRemoved: () => void;
}

export function AccionCard({ item, title, editing, canEdit, handle, idBot, skillId, onEdit, onClose, onDirty, onSaved, onRemoved }: AccionCardProps) {
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const notify = useNotify();
  const formId = useId();
  const type = (item.record?.type ?? item.draft?.type) as ActionType;
  const kind = accionKind(type);
  const valuesOf = (source: Partial<Accion> | undefined) => toFormValues(type, kind.defaults(), source);
  const resolver = useMemo(() => rulesResolver<AccionValues>((values) => validateAccion(values, { idBot, idSkill: skillId }), kind.prepare), [idBot, skillId, kind]);
  const form = useForm<AccionValues>({ defaultValues: valuesOf(item.record ?? item.draft), resolver });
  const { isDirty, isSubmitting, errors } = form.formState;

  useEffect(() => onDirty(isDirty), [isDirty, onDirty]);

  // A card that leaves edit mode drops its messages; one whose record changed (a new order, a
  // reload) shows it, unless the user is changing it.
  useEffect(() => {
    if (!editing) form.reset();
    else document.getElementById(formId)?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, select')?.focus();
  }, [editing, form, formId]);
  useEffect(() => {
    if (item.record && !form.formState.isDirty) form.reset(valuesOf(item.record));
    // valuesOf is rebuilt on every render; the record is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [item.record]);

  const submit = async (values: AccionValues) => {
    try {
      const saved = await dataProvider.saveAccion(toAccionBody(values, { id: item.record?.id, idBot, idSkill: skillId, type, rev: item.record?.rev }));
      notify('quipu.comun.guardado', { type: 'success' });
      form.reset(valuesOf(saved));
      onSaved(saved);
      return true;
    } catch (error) {
      // 400: the rule's message at its field; 409 (someone saved first): the values stay.
      notify(messageOf(error), noticeText(messageOf(error), 'error'));
      markServerError(error, form.setError);
      return false;
    }
  };
  const save = form.handleSubmit(submit);
  // A new card counts as unsaved until it is stored.
  useLeaveGuard(form, { unsaved: isDirty || !item.record, submit });

  const remove = async () => {
    if (!item.record) return onRemoved();
    try {
      await dataProvider.deleteAccion(item.record.id);
      notify('quipu.acciones.eliminado', { type: 'success' });
      onRemoved();
    } catch (error) {
      notify(messageOf(error), noticeText(messageOf(error), 'error'));
    }
  };

  return (
    <EditorCard
      title={title}
      subheader={item.record && !editing ? <ComunSummary accion={item.record} /> : undefined}
      handle={handle}
      editing={editing}
      saved={!!item.record}
      dirty={isDirty}
      invalid={Object.keys(errors).length > 0}
      saving={isSubmitting}
      canEdit={canEdit}
      onEdit={onEdit}
      onCancel={() => {
        form.reset();
        onClose();
      }}
      formId={formId}
      onDelete={remove}
    >
      <FormProvider {...form}>
        <form id={formId} noValidate onSubmit={save}>
          {editing ? (
            <>
              <kind.Editor idBot={idBot} skillId={skillId} />
              <ComunInputs />
            </>
          ) : (
            item.record && <kind.View accion={item.record} idBot={idBot} skillId={skillId} />
          )}
        </form>
      </FormProvider>
    </EditorCard>
  );
}
