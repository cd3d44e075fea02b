// The editor form's save from outside its Guardar (what 'Guardar y salir' and 'Agregar Skill' use):
// an unexpected failure is said and leaves the changes unsaved, and a field typed into while a save
// is under way keeps what was typed.
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, TextInput } from 'react-admin';
import { useForm, useFormState, type FieldValues } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { EditorForm, markStored, useEditorFormSave } from '../../../src/layout/unsavedChanges';

function SaveFromOutside({ onResult }: { onResult: (saved: boolean) => void }) {
  const save = useEditorFormSave();
  const { dirtyFields } = useFormState();
  return (
    <>
      <button type="button" onClick={() => void save?.().then(onResult)}>
        Guardar desde fuera
      </button>
      <output aria-label="Sin guardar">{Object.keys(dirtyFields).join(',')}</output>
    </>
  );
}

describe('EditorForm', () => {
  it('un error inesperado al guardar se avisa, el guardado responde que no, y lo escrito sigue sin guardar', async () => {
    const results: boolean[] = [];
    render(
      <AdminContext>
        <EditorForm record={{ id: 'b1', nm: 'Ventas' }} onSubmit={() => Promise.reject(new Error('se cayó'))}>
          <TextInput source="nm" label="Nombre" />
          <SaveFromOutside onResult={(saved) => results.push(saved)} />
        </EditorForm>
        <Notification />
      </AdminContext>,
    );
    await userEvent.type(await screen.findByRole('textbox', { name: 'Nombre' }), ' Norte');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar desde fuera' }));
    expect(await screen.findByText('Error desconocido')).toBeInTheDocument();
    expect(results).toEqual([false]);
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Ventas Norte');
    expect(screen.getByRole('status', { name: 'Sin guardar' })).toHaveTextContent('nm');
  });

  it('lo guardado queda como guardado; un campo escrito durante el guardado conserva lo escrito y sigue sin guardar', () => {
    const { result } = renderHook(() => {
      const form = useForm<FieldValues>({ defaultValues: { nm: 'Ventas', dsc: 'Antes', rev: 1 } });
      // Reading the state subscribes to it, as the form's fields do.
      const { dirtyFields } = form.formState;
      return { form, dirtyFields };
    });
    const sent = { nm: 'Ventas Norte', dsc: 'Antes', rev: 1 };
    act(() => result.current.form.setValue('nm', 'Ventas Norte', { shouldDirty: true }));
    // While the save is under way, the user types into another field.
    act(() => result.current.form.setValue('dsc', 'Escrito durante', { shouldDirty: true }));
    act(() => markStored(result.current.form, sent, { nm: 'Ventas Norte', dsc: 'Antes', rev: 2 }));
    expect(result.current.form.getValues()).toEqual({ nm: 'Ventas Norte', dsc: 'Escrito durante', rev: 2 });
    expect(Object.keys(result.current.dirtyFields)).toEqual(['dsc']);
  });
});
