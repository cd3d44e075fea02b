// A provider's configuration, collapsed under its title: the app's ids and secrets and the addresses
// to paste at the provider (Teams, Google).
import type { ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

export function CanalConfigAccordion({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    // MUI wraps an accordion's summary in a heading (h3 by default): here it is the page's second level.
    <Accordion disableGutters variant="outlined" sx={{ maxWidth: 720 }} slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={id} id={`${id}-titulo`}>
        <Typography component="span" variant="subtitle1">
          {translate(title)}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={id} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {children}
      </AccordionDetails>
    </Accordion>
  );
}
