// What Guardar does: the rules already passed (the form's validate); POST /skill through react-admin's
// save. Success says 'Guardado con éxito' and the form takes the answer (its new rev). A 400 shows
// the server's message and marks the field it names; a 409 (someone saved first) shows its message.
// Either way the form keeps every value typed.
import { useNotify, useSaveContext } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { HttpError, messageOf } from '../../api/HttpError';
import { noticeText } from '../../layout/noticeText';
import type { EditorSave } from '../../layout/unsavedChanges';
import { inputPath } from './skillModel';

/** The form's onSubmit: whether the skill was stored, and the field the server named if not. */
export function useSkillSave(): EditorSave {
  const { save } = useSaveContext();
  const notify = useNotify();
  return async (values) => {
    let stored: FieldValues | undefined;
    let refusal: unknown = null;
    await save?.(values, {
      onSuccess: (skill: FieldValues) => {
        stored = skill;
        notify('quipu.comun.guardado', { type: 'success' });
      },
      onError: (error: unknown) => {
        refusal = error;
        notify(messageOf(error), noticeText(messageOf(error), 'error'));
      },
    });
    if (stored) return { saved: true, record: stored };
    if (refusal instanceof HttpError && refusal.status === 400 && refusal.field) return { saved: false, errors: { [inputPath(refusal.field)]: refusal.message } };
    return { saved: false };
  };
}
