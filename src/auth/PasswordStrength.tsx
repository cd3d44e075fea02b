// The strength meter under a new password (renewal and change): zxcvbn's verdict with the Spanish
// dictionary, the same check the server applies. The dictionaries load only when this shows.
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { loadPasswordChecker, STRENGTH_LABELS, type PasswordVerdict } from '../../common/passwordPolicy';

const COLORS = ['error', 'error', 'warning', 'success', 'success'] as const;

/** The verdict on `password`, a moment after typing stops; null while empty or loading. */
export function usePasswordVerdict(password: string, userInputs: string[]): PasswordVerdict | null {
  const [verdict, setVerdict] = useState<PasswordVerdict | null>(null);
  const inputs = userInputs.join('\n');
  useEffect(() => {
    if (!password) {
      setVerdict(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      loadPasswordChecker().then((check) => {
        if (current) setVerdict(check(password, inputs.split('\n')));
      });
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, inputs]);
  return verdict;
}

export function PasswordStrength({ password, userInputs }: { password: string; userInputs: string[] }) {
  const verdict = usePasswordVerdict(password, userInputs);
  if (!password || !verdict) return null;
  const label = STRENGTH_LABELS[verdict.score];
  const advice = verdict.error ?? verdict.hints[0];
  return (
    <Box sx={{ mt: 0.5, mb: 1 }} aria-live="polite">
      <LinearProgress
        variant="determinate"
        value={(verdict.score + 1) * 20}
        color={verdict.error ? 'error' : COLORS[verdict.score]}
        aria-label="Fortaleza de la contraseña"
        aria-valuetext={label}
      />
      <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
        Fortaleza: {label}
        {verdict.error ? '' : ' (aceptable para guardar)'}
      </Typography>
      {advice ? (
        <Typography variant="caption" component="p" color={verdict.error ? 'error' : 'text.secondary'}>
          {advice}
        </Typography>
      ) : null}
    </Box>
  );
}
