// What 'Probar Skill' answers: for the phrase test whether the text reaches this skill, its score,
// threshold and reason, and the skill that answers instead; for the token test each token.
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { SkillTestAnswer } from '../../api/chat';

const P = 'quipu.probarSkill';
const percent = (score: number) => `${Math.round(score * 100)}%`;
const REASONS = new Set(['exacta', 'clasificador', 'palabraClave', 'tokens', 'excluida', 'faltanTokens', 'umbral']);

export function SkillTestResult({ answer, token }: { answer: SkillTestAnswer; token: boolean }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`${P}.${key}`, options);
  if (token) {
    if (answer.result.length === 0) return <Typography role="status">{t('sinTokens')}</Typography>;
    return (
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('tokens')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('tokenNombre')}</TableCell>
              <TableCell>{t('coincide')}</TableCell>
              <TableCell>{t('obligatorio')}</TableCell>
              <TableCell>{t('clave')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.result.map((row, index) => (
              <TableRow key={`${row.nm}-${index}`}>
                <TableCell>{row.nm}</TableCell>
                <TableCell>{row.match ? t('si') : t('no')}</TableCell>
                <TableCell>{row.obl ? t('si') : t('no')}</TableCell>
                <TableCell>{row.key}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    );
  }
  const reason = REASONS.has(answer.reason) ? t(`motivos.${answer.reason}`) : answer.reason;
  return (
    <Box role="status">
      <Typography variant="h6" component="p" sx={{ color: answer.match ? 'success.dark' : 'error.dark' }}>
        {answer.match ? t('coincide') : t('noCoincide')}
      </Typography>
      <Typography>{t('puntaje', { score: percent(answer.score) })}</Typography>
      <Typography>{t('umbral', { threshold: percent(answer.threshold) })}</Typography>
      <Typography>{t('motivo', { reason })}</Typography>
      {answer.winner ? <Typography>{t('otroSkill', { nm: answer.winner.nm, score: percent(answer.winner.score) })}</Typography> : null}
    </Box>
  );
}
