// The Twitter editor's four collapsible setup steps: the X app, its keys, the webhook address
// (copyable once the channel exists) and the app's permissions.
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { API_URL } from '../../../api/client';
import { FormSection } from '../../../layout/FormParts';
import { CopyField } from '../common';

const STEPS = [1, 2, 3, 4] as const;

/** The address X posts the account's activity to (the server registers it from PUBLIC_URL). */
export const twitterWebhookUrl = (id: string) => `${API_URL}/wh/twitter/${encodeURIComponent(id)}`;

export function TwitterSteps({ id }: { id: string | undefined }) {
  const translate = useTranslate();
  return (
    <FormSection title="quipu.canalTwitter.pasos">
      <Box sx={{ maxWidth: 800 }}>
        {STEPS.map((n) => (
          <Accordion key={n} disableGutters variant="outlined">
            <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`tw-paso-${n}`} id={`tw-paso-${n}-titulo`}>
              <Typography component="h3" variant="subtitle2">
                {translate(`quipu.canalTwitter.paso${n}`)}
              </Typography>
            </AccordionSummary>
            <AccordionDetails id={`tw-paso-${n}`}>
              <Typography variant="body2">{translate(`quipu.canalTwitter.paso${n}Texto`)}</Typography>
              {n === 3 ? (
                id ? <CopyField id="tw-webhook" label="quipu.canalTwitter.webhook" value={twitterWebhookUrl(id)} /> : <Typography variant="body2">{translate('quipu.canalTwitter.webhookSinGuardar')}</Typography>
              ) : null}
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
    </FormSection>
  );
}
