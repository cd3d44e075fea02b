// The field rows on their own, as a webhook's conditions use them (entities null: the id is a
// memory name typed in, type 2), by keyboard, and read-only.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { CONDITION_OPERATORS, conditionProblems, type FieldInput } from '../../../../common/schemas/skillRules';
import { i18nProvider } from '../../../../src/i18n/i18nProvider';
import { rulesResolver } from '../../../../src/resources/skills/cards/formRules';
import { FieldRowsInput } from '../../../../src/resources/skills/fields/FieldRowsInput';

interface Values {
  cond: FieldInput[];
}

function ConditionsForm({ cond = [], disabled = false, onSubmit }: { cond?: FieldInput[]; disabled?: boolean; onSubmit: (values: Values) => void }) {
  const form = useForm<Values>({ defaultValues: { cond }, resolver: rulesResolver((values: Values) => conditionProblems(values.cond)) });
  return (
    <AdminContext i18nProvider={i18nProvider}>
      <FormProvider {...form}>
        <form onSubmit={form.handleSubmit(onSubmit)}>
          <FieldRowsInput name="cond" operators={CONDITION_OPERATORS} entities={null} disabled={disabled} />
          <button type="submit">Probar</button>
        </form>
      </FormProvider>
    </AdminContext>
  );
}

const row = (n: number) => screen.getByRole('group', { name: `Condición ${n}` });

describe('Filas de campos sin entidades (condiciones de un WebHook)', () => {
  it('el id es un nombre en memoria escrito a mano, el dato es texto libre y la fila lleva type 2', async () => {
    const onSubmit = vi.fn();
    render(<ConditionsForm onSubmit={onSubmit} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar condición' }));
    expect(within(row(1)).queryByRole('group', { name: 'Entidades del bot' })).toBeNull();
    await userEvent.type(within(row(1)).getByLabelText('Nombre en memoria'), 'pedido');
    await userEvent.type(within(row(1)).getByLabelText('Dato'), 'estado');
    await userEvent.selectOptions(within(row(1)).getByLabelText('Operación'), 'Es igual a');
    await userEvent.type(within(row(1)).getByLabelText('Valor'), 'listo');
    await userEvent.click(screen.getByRole('button', { name: 'Probar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({ cond: [{ id: 'pedido', type: 2, path: 'estado', op: 'IS', value: 'listo', order: 1, replyMissing: '' }] });
  });

  it("sin nombre dice 'Seleccione' en su campo y no envía", async () => {
    const onSubmit = vi.fn();
    render(<ConditionsForm onSubmit={onSubmit} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar condición' }));
    await userEvent.click(screen.getByRole('button', { name: 'Probar' }));
    await waitFor(() => expect(within(row(1)).getByLabelText('Nombre en memoria')).toHaveAccessibleDescription('Seleccione'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('se agregan y quitan filas con el teclado, y el foco va a la fila nueva y luego a Agregar condición', async () => {
    render(<ConditionsForm cond={[{ id: 'pedido', type: 2, path: '', op: 'IS_PRESENT', order: 1 }]} onSubmit={vi.fn()} />);
    const agregar = await screen.findByRole('button', { name: 'Agregar condición' });
    agregar.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(row(2)).getByLabelText('Nombre en memoria')).toHaveFocus());
    expect(within(row(2)).getByLabelText('Operación')).toHaveValue('IS_PRESENT');
    expect(within(row(2)).getByLabelText('Orden')).toHaveValue(2);
    within(row(1)).getByRole('button', { name: 'Quitar condición 1' }).focus();
    await userEvent.keyboard(' ');
    expect(screen.queryByRole('group', { name: 'Condición 2' })).toBeNull();
    expect(within(row(1)).getByLabelText('Nombre en memoria')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Agregar condición' })).toHaveFocus();
  });

  it('disabled: las filas se leen y no se cambian, sin agregar ni quitar', async () => {
    render(<ConditionsForm disabled cond={[{ id: 'pedido', type: 2, path: 'estado', op: 'IS', value: 'listo', order: 1 }]} onSubmit={vi.fn()} />);
    const campo = await screen.findByRole('group', { name: 'Condición 1' });
    expect(within(campo).getByLabelText('Nombre en memoria')).toHaveValue('pedido');
    expect(within(campo).getByLabelText('Nombre en memoria')).toBeDisabled();
    expect(within(campo).getByLabelText('Operación')).toBeDisabled();
    expect(within(campo).getByLabelText('Valor')).toHaveValue('listo');
    expect(screen.queryByRole('button', { name: 'Agregar condición' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Quitar condición 1' })).toBeNull();
  });
});
