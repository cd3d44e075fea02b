// What 'Probar todo' answers: 'N de M pruebas pasan', each test with 'Pasa' or 'Falla' and, for a
// failing one, each failing step with its input and the skills expected and run.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { PruebaResultado } from '../../../api/chat';

const P = 'quipu.chat.pruebas';
type Skills = PruebaResultado['pasos'][number]['expected'];

export function PruebaResults({ results }: { results: PruebaResultado[] }) {
  const translate = useTranslate();
  const names = (skills: Skills) => (skills.length ? skills.map((skill) => skill.nm).join(' → ') : translate(`${P}.ninguno`));
  const ok = results.filter((result) => result.ok).length;
  return (
    <Box component="section" aria-labelledby="test-chat-results-title" sx={{ mt: 1 }}>
      <Typography id="test-chat-results-title" component="h4" variant="subtitle1">
        {translate(`${P}.resultados`)}
      </Typography>
      <Typography role="status" sx={{ fontWeight: 'bold' }}>
        {translate(`${P}.resumen`, { ok, total: results.length })}
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, m: 0 }}>
        {results.map((result) => (
          <li key={result.id}>
            <Typography>
              {result.nm}:{' '}
              <Box component="strong" sx={{ color: result.ok ? 'success.dark' : 'error.dark' }}>
                {translate(result.ok ? `${P}.pasa` : `${P}.falla`)}
              </Box>
            </Typography>
            {result.ok ? null : (
              <Box component="ul" sx={{ pl: 2.5, m: 0 }}>
                {result.pasos
                  .filter((paso) => !paso.ok)
                  .map((paso, index) => (
                    <li key={index}>
                      <Typography variant="body2">{`${translate(`${P}.entrada`)}: «${paso.input}»`}</Typography>
                      <Typography variant="body2">{`${translate(`${P}.esperados`)}: ${names(paso.expected)}`}</Typography>
                      <Typography variant="body2">{`${translate(`${P}.ejecutados`)}: ${names(paso.got)}`}</Typography>
                    </li>
                  ))}
              </Box>
            )}
          </li>
        ))}
      </Box>
    </Box>
  );
}
