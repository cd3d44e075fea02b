// A card with unsaved changes (an action, a requirement; a new card until it is stored) is one of
// the page's editors for the console's leave guard: leaving asks
// '¿Seguro deseas salir sin guardar tus cambios?', and 'Guardar y salir' saves the card as its
// Guardar does (its rules first).
import { useCallback } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useUnsavedChanges } from '../../../layout/unsavedChanges';

interface CardGuard<T extends FieldValues> {
  unsaved: boolean;
  /** The card's save: true once the server stored it. */
  submit: (values: T) => Promise<boolean>;
}

export function useLeaveGuard<T extends FieldValues>(form: UseFormReturn<T>, { unsaved, submit }: CardGuard<T>): void {
  const save = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        void form.handleSubmit(
          async (values) => resolve(await submit(values)),
          () => resolve(false),
        )();
      }),
    [form, submit],
  );
  useUnsavedChanges({ dirty: unsaved, busy: form.formState.isSubmitting, save });
}
