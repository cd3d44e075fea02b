// A button that always shows its text. react-admin's Button turns into a bare icon button below
// 600 px, showing only its children: one without an icon is then an empty box on a phone.
import MuiButton, { type ButtonProps } from '@mui/material/Button';
import { useTranslate } from 'react-admin';

export interface TextButtonProps extends Omit<ButtonProps, 'children'> {
  /** A translation key, or the text itself. */
  label: string;
}

export function TextButton({ label, ...props }: TextButtonProps) {
  const translate = useTranslate();
  return <MuiButton {...props}>{translate(label, { _: label })}</MuiButton>;
}
