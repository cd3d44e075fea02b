// A carousel's editor: up to ten cards, each with image, title,
// subtitle and invalid-option message ('campo requerido' each) and its buttons.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useFieldArray } from 'react-hook-form';
import { LIMITS } from '../../../../../common/schemas/skillRules';
import { carousel } from '../../../../../common/actions/carousel';
import { BUTTON_TYPES_FOR } from '../../../../../common/actions/shared';
import { emptyCarouselCard } from '../accionModel';
import { ButtonsInput } from '../inputs/ButtonsInput';
import { FormTextField, ListError } from '../inputs/FormInputs';

export function CarouselEditor() {
  const translate = useTranslate();
  const { fields, append, remove } = useFieldArray({ name: 'carousel' });
  const atMax = fields.length >= LIMITS.carouselCards;
  return (
    <>
      {fields.map((field, i) => {
        const label = translate('quipu.acciones.carousel.tarjeta', { n: i + 1 });
        const name = `carousel.${i}`;
        return (
          <Box key={field.id} component="section" aria-label={label} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mb: 1.5 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography component="h4" variant="subtitle2">
                {label}
              </Typography>
              <IconButton aria-label={translate('quipu.acciones.quitarNombre', { nombre: label })} onClick={() => remove(i)}>
                <DeleteIcon />
              </IconButton>
            </Box>
            <FormTextField name={`${name}.imageUrl`} label="quipu.acciones.card.imageUrl" />
            <FormTextField name={`${name}.title`} label="quipu.acciones.tituloCampo" />
            <FormTextField name={`${name}.subtitle`} label="quipu.acciones.subtitulo" />
            <FormTextField name={`${name}.invalidOption`} label="quipu.acciones.opcionInvalida" />
            <ButtonsInput
              name={`${name}.buttons`}
              kind="CAROUSEL"
              types={BUTTON_TYPES_FOR.default}
              title={translate('quipu.acciones.carousel.botones', { n: i + 1 })}
              rowLabel={(n) => translate('quipu.acciones.carousel.boton', { tarjeta: i + 1, n })}
            />
          </Box>
        );
      })}
      <ListError name="carousel" />
      <Button startIcon={<AddIcon />} onClick={() => append(emptyCarouselCard())} disabled={atMax}>
        {translate('quipu.acciones.carousel.agregar')}
      </Button>
      {atMax && <FormHelperText>{carousel.messages.maxTarjetas}</FormHelperText>}
    </>
  );
}
