// react-admin's Form for an editor whose changes must not be lost. Its save says whether the values
// were stored; once stored they become the form's saved state, so nothing counts as unsaved and
// moving on asks nothing. While changes are unsaved, leaving asks first (UnsavedChangesProvider),
// with 'Guardar y salir' saving exactly as Guardar does. Inside it, useEditorFormSave saves the form
// from elsewhere than its Guardar (the bot's diagram after 'Agregar Skill').
import { createContext, useCallback, useContext, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Form, SaveButton, setSubmissionErrors, useNotify, type FormProps, type SaveButtonProps } from 'react-admin';
import { useFormContext, useFormState, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { messageOf } from '../../api/HttpError';
import { useUnsavedChanges } from './useUnsavedChanges';

export interface SaveOutcome {
  /** The server stored the values. */
  saved: boolean;
  /** What the server answered it stored (its new rev): the form takes it at once. */
  record?: FieldValues;
  /** When not stored: messages for the fields the server named. */
  errors?: FieldValues;
}

export type EditorSave = (values: FieldValues) => Promise<SaveOutcome>;

export interface EditorFormProps extends Omit<FormProps, 'onSubmit' | 'warnWhenUnsavedChanges' | 'children'> {
  onSubmit: EditorSave;
  /** False for a read-only editor: there is nothing to lose. */
  guard?: boolean;
  children: ReactNode;
}

const SaveContext = createContext<(() => Promise<boolean>) | null>(null);

/** Saves the enclosing editor form as its Guardar does (its rules first); true once stored. Null outside one. */
export const useEditorFormSave = () => useContext(SaveContext);

/**
 * Makes what was stored the form's saved state. A field typed into while the save was under way
 * keeps what was typed, and stays unsaved.
 */
export function markStored(form: Pick<UseFormReturn, 'getValues' | 'reset' | 'setValue'>, sent: FieldValues, record: FieldValues | undefined): void {
  // Without the server's answer, what was sent was stored, and the fields keep what they hold now.
  if (!record) {
    form.reset(sent, { keepValues: true });
    return;
  }
  const now = form.getValues();
  const typedDuring = Object.keys(now).filter((key) => JSON.stringify(now[key]) !== JSON.stringify(sent[key]));
  form.reset(record);
  for (const key of typedDuring) form.setValue(key, now[key], { shouldDirty: true });
}

export function EditorForm({ onSubmit, guard = true, formRootPathname, children, ...props }: EditorFormProps) {
  const form = useRef<UseFormReturn | null>(null);
  const submit = useCallback(
    async (values: FieldValues) => {
      const outcome = await onSubmit(values);
      // What was stored becomes the form's saved state before anything else happens (a save that
      // follows sends the new rev).
      if (outcome.saved && form.current) markStored(form.current, values, outcome.record);
      return outcome;
    },
    [onSubmit],
  );
  const onFormSubmit = useCallback(async (values: FieldValues) => (await submit(values)).errors, [submit]);
  return (
    <Form {...props} onSubmit={onFormSubmit} formRootPathname={formRootPathname}>
      <FormGuard submit={submit} formRef={form} enabled={guard} rootPathname={formRootPathname}>
        {children}
      </FormGuard>
    </Form>
  );
}

interface FormGuardProps {
  submit: EditorSave;
  formRef: { current: UseFormReturn | null };
  enabled: boolean;
  rootPathname?: string;
  children: ReactNode;
}

function FormGuard({ submit, formRef, enabled, rootPathname, children }: FormGuardProps) {
  const form = useFormContext();
  const notify = useNotify();
  // dirtyFields rather than isDirty, which is already true for a form react-admin normalised.
  const { dirtyFields, isSubmitting } = useFormState();
  useLayoutEffect(() => {
    formRef.current = form;
  }, [form, formRef]);

  const save = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        const stored = async (values: FieldValues) => {
          try {
            const outcome = await submit(values);
            if (outcome.errors) setSubmissionErrors(outcome.errors, form.setError);
            resolve(outcome.saved);
          } catch (error) {
            // A save that failed unexpectedly is said, and the changes stay unsaved.
            notify(messageOf(error), { type: 'error' });
            resolve(false);
          }
        };
        void form.handleSubmit(stored, () => resolve(false))();
      }),
    [form, submit, notify],
  );

  useUnsavedChanges({ dirty: enabled && Object.keys(dirtyFields).length > 0, busy: isSubmitting, save, rootPathname });
  return <SaveContext value={save}>{children}</SaveContext>;
}

/**
 * Guardar, enabled whether or not anything changed, but not while the form is being saved: a second
 * save would send the rev the first one is replacing and be refused as stale.
 */
export function EditorSaveButton(props: Omit<SaveButtonProps, 'alwaysEnable'>) {
  const { isSubmitting } = useFormState();
  return <SaveButton {...props} alwaysEnable={!isSubmitting} />;
}
