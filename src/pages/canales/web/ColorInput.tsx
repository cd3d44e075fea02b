// One theme colour: a labelled text input holding 'rgba(r, g, b, a)' and, beside it, a swatch
// button that opens react-colorful's RgbaColorPicker (its sliders move with the arrow keys).
// Typed text may be rgba(), rgb() or #hex; on leaving the field it is rewritten as rgba().
import { useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import { RgbaColorPicker } from 'react-colorful';
import { useTranslate } from 'react-admin';
import { useController } from 'react-hook-form';
import { formatRgba, parseColour, type Rgba } from './canalWebModel';

const FALLBACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };

/**
 * react-colorful names its sliders in English ('Color', 'Hue', 'Alpha', 'Saturation n%, Brightness
 * n%') and sets them on every move; this keeps them Spanish, since no English may reach the screen.
 */
function useSpanishSliderNames(host: HTMLElement | null) {
  useEffect(() => {
    if (!host) return;
    const NAMES: Record<string, string> = { Color: 'Saturación y brillo', Hue: 'Tono', Alpha: 'Opacidad' };
    const rename = () => {
      for (const slider of host.querySelectorAll('[role="slider"]')) {
        const name = NAMES[slider.getAttribute('aria-label') ?? ''];
        if (name) slider.setAttribute('aria-label', name);
        const text = slider.getAttribute('aria-valuetext') ?? '';
        const spanish = text.replace(/^Saturation (\d+)%, Brightness (\d+)%$/, 'Saturación $1 %, brillo $2 %');
        if (spanish !== text) slider.setAttribute('aria-valuetext', spanish);
      }
    };
    rename();
    const observer = new MutationObserver(rename);
    observer.observe(host, { subtree: true, attributes: true, attributeFilter: ['aria-label', 'aria-valuetext'] });
    return () => observer.disconnect();
  }, [host]);
}

export function ColorInput({ name, label, readOnly }: { name: string; label: string; readOnly?: boolean }) {
  const translate = useTranslate();
  const id = useId();
  const { field, fieldState } = useController({
    name,
    rules: { validate: (value: unknown) => (typeof value === 'string' && parseColour(value) ? true : translate('quipu.canalWeb.color.invalido')) },
  });
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [pickerHost, setPickerHost] = useState<HTMLElement | null>(null);
  useSpanishSliderNames(pickerHost);

  const value = typeof field.value === 'string' ? field.value : '';
  const colour = parseColour(value);
  const nombre = translate(label);

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, width: { xs: '100%', sm: 'auto' } }}>
      <TextField
        id={id}
        inputRef={field.ref}
        name={field.name}
        value={value}
        label={translate('quipu.canalWeb.color.texto', { nombre })}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={() => {
          if (colour) {
            const formatted = formatRgba(colour);
            if (formatted !== value) field.onChange(formatted);
          }
          field.onBlur();
        }}
        error={!!fieldState.error}
        helperText={fieldState.error?.message}
        size="small"
        margin="dense"
        slotProps={{ input: { readOnly } }}
        sx={{ flex: { xs: 1, sm: '0 0 250px' } }}
      />
      <ButtonBase
        ref={buttonRef}
        aria-label={translate('quipu.canalWeb.color.elegir', { nombre })}
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={readOnly}
        onClick={() => setOpen(true)}
        sx={{
          mt: 1,
          width: 40,
          height: 40,
          flex: '0 0 40px',
          borderRadius: 1,
          border: 1,
          borderColor: 'grey.500',
          // A checkerboard under the colour shows its transparency.
          background: `linear-gradient(${colour ? formatRgba(colour) : 'transparent'}, ${colour ? formatRgba(colour) : 'transparent'}), repeating-conic-gradient(#ccc 0 25%, #fff 0 50%) 0 0 / 12px 12px`,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      />
      <Popover
        open={open}
        anchorEl={buttonRef.current}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': translate('quipu.canalWeb.color.selector', { nombre }), sx: { p: 1.5 } } }}
      >
        <Box ref={setPickerHost} role="group" aria-label={translate('quipu.canalWeb.color.selector', { nombre })}>
          <RgbaColorPicker color={colour ?? FALLBACK} onChange={(next) => field.onChange(formatRgba(next))} />
        </Box>
      </Popover>
    </Box>
  );
}
