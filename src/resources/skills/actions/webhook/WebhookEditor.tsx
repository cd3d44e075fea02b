// A webhook's editor: method (POST by default) and URL, headers
// (Content-Type: application/json by default), body fields (query parameters for GET; `{{nombre}}`
// reads a value from memory, `{{secreto.nombre}}` an encrypted extra of the bot), whether the client's attachments are sent, the conditions that must
// hold for it to be called (AND/OR), and which values of its JSON answer are kept in memory.
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { useController } from 'react-hook-form';
import { CONDITION_OPERATORS } from '../../../../../common/schemas/skillRules';
import { WEBHOOK_METHODS } from '../../../../../common/actions/webhook';
import { FieldRowsInput } from '../../fields/FieldRowsInput';
import { FormSelect, FormSwitch, FormTextField } from '../inputs/FormInputs';
import { KeyValueRows } from '../inputs/KeyValueRows';

const METHODS = WEBHOOK_METHODS.map((method) => ({ value: method, label: method }));

function CondicionesInput() {
  const translate = useTranslate();
  const id = useId();
  const { field } = useController({ name: 'op' });
  return (
    <Box component="section" aria-labelledby={`${id}-titulo`} sx={{ mt: 2 }}>
      <Typography id={`${id}-titulo`} component="h4" variant="subtitle2">
        {translate('quipu.acciones.webhook.condiciones')}
      </Typography>
      <FormControl component="fieldset" margin="dense">
        <FormLabel component="legend">{translate('quipu.acciones.webhook.op')}</FormLabel>
        <RadioGroup row value={field.value ?? 'AND'} onChange={(event) => field.onChange(event.target.value)}>
          <FormControlLabel value="AND" control={<Radio />} label={translate('quipu.acciones.webhook.and')} />
          <FormControlLabel value="OR" control={<Radio />} label={translate('quipu.acciones.webhook.or')} />
        </RadioGroup>
      </FormControl>
      <FieldRowsInput name="cond" operators={CONDITION_OPERATORS} entities={null} />
    </Box>
  );
}

export function WebhookEditor() {
  const translate = useTranslate();
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr' }, gap: 1 }}>
        <FormSelect name="method" label="quipu.acciones.webhook.method" options={METHODS} />
        <FormTextField name="url" label="quipu.acciones.webhook.url" placeholder="https://" />
      </Box>
      <KeyValueRows
        name="headers"
        title="quipu.acciones.webhook.headers"
        rowLabel="quipu.acciones.webhook.header"
        addLabel="quipu.acciones.webhook.agregarHeader"
        keyLabel="quipu.acciones.nombre"
        valueLabel="quipu.acciones.valor"
        helper={translate('quipu.acciones.webhook.headersAyuda')}
      />
      <KeyValueRows
        name="fields"
        title="quipu.acciones.webhook.fields"
        rowLabel="quipu.acciones.webhook.field"
        addLabel="quipu.acciones.webhook.agregarField"
        keyLabel="quipu.acciones.nombre"
        valueLabel="quipu.acciones.valor"
        helper={translate('quipu.acciones.webhook.fieldsAyuda')}
      />
      <FormSwitch name="files" label="quipu.acciones.webhook.files" />
      <CondicionesInput />
      <KeyValueRows
        name="resp"
        title="quipu.acciones.webhook.resp"
        rowLabel="quipu.acciones.webhook.respN"
        addLabel="quipu.acciones.webhook.agregarResp"
        keyField="path"
        valueField="k"
        keyLabel="quipu.acciones.webhook.path"
        valueLabel="quipu.acciones.webhook.memoria"
        helper={translate('quipu.acciones.webhook.respAyuda')}
      />
    </>
  );
}
