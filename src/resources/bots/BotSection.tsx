// A collapsible section of the bot editor's General tab: it starts closed, its title carries a
// summary of its values, and its inputs stay mounted while closed, so nothing typed is lost and
// they keep validating. A save refused because of one of its fields opens it and marks its title.
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useFormState, type FieldErrors } from 'react-hook-form';
import { useTranslate } from 'react-admin';

const errorAt = (errors: FieldErrors, path: string): boolean => {
  let node: unknown = errors;
  for (const key of path.split('.')) {
    if (!node || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[key];
  }
  return !!node;
};

export interface BotSectionProps {
  id: string;
  /** Translation key of the section's name. */
  title: string;
  /** Its values in a few words, already translated. */
  summary: string;
  /** Form paths (or their prefixes) whose errors belong to this section. */
  fields: readonly string[];
  children: ReactNode;
}

export function BotSection({ id, title, summary, fields, children }: BotSectionProps) {
  const translate = useTranslate();
  const { errors, submitCount } = useFormState();
  const [expanded, setExpanded] = useState(false);
  const hasError = fields.some((path) => errorAt(errors, path));

  // Each refused save opens the sections holding an invalid field, even after the user closed them.
  useEffect(() => {
    if (submitCount > 0 && hasError) setExpanded(true);
  }, [submitCount, hasError]);

  return (
    <Accordion
      expanded={expanded}
      onChange={(_event, open) => setExpanded(open)}
      disableGutters
      variant="outlined"
      slots={{ heading: 'h2' }}
      sx={{ mt: 2 }}
    >
      <AccordionSummary id={`${id}-titulo`} aria-controls={`${id}-contenido`} expandIcon={<ExpandMoreIcon />}>
        <Typography component="span">
          <Box component="span" sx={{ fontWeight: 600 }}>
            {translate(title)}
          </Box>
          {' · '}
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {summary}
          </Box>
        </Typography>
        {hasError ? (
          <ErrorOutlineIcon color="error" titleAccess={translate('quipu.bots.seccionConErrores')} sx={{ ml: 1 }} />
        ) : null}
      </AccordionSummary>
      <AccordionDetails id={`${id}-contenido`}>{children}</AccordionDetails>
    </Accordion>
  );
}
