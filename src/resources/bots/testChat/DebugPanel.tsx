// 'Depuración' beside the test chat: what the engine did for one answer, from
// the `debug` key the messages carry when the chat is a test (or the answer's own, when the bot
// sent nothing: then it also says why).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { TurnDebug } from '../../../api/chat';
import { percent } from './chatModel';

const P = 'quipu.chat.depuracion';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 1.5 }}>
      <Typography component="h4" variant="subtitle2">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function SmallTable({ head, rows }: { head: string[]; rows: ReactNode[][] }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {head.map((cell) => (
              <TableCell key={cell}>{cell}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index}>
              {row.map((cell, column) => (
                <TableCell key={column} sx={{ overflowWrap: 'anywhere' }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export function DebugPanel({ debug, idBot }: { debug: TurnDebug | undefined; idBot: string }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`${P}.${key}`, options);
  return (
    <Box component="section" aria-labelledby="test-chat-debug-title" sx={{ minWidth: 0 }}>
      <Typography id="test-chat-debug-title" component="h3" variant="h6">
        {t('titulo')}
      </Typography>
      {!debug ? (
        <Typography color="text.secondary">{t('sinDatos')}</Typography>
      ) : (
        <DebugContent debug={debug} idBot={idBot} t={t} />
      )}
    </Box>
  );
}

function DebugContent({ debug, idBot, t }: { debug: TurnDebug; idBot: string; t: (key: string, options?: object) => string }) {
  const others = debug.candidates.filter((candidate) => candidate.skillId !== debug.skill?.id).slice(0, 2);
  const memory = Object.entries(debug.memory);
  return (
    <>
      <Typography variant="body2">{t('respuestaA', { input: debug.input })}</Typography>
      {debug.noAnswer ? (
        <Alert severity="warning" role="status" sx={{ mt: 1 }}>
          {t(`sinRespuesta.${debug.noAnswer}`, { skills: debug.skills.map((skill) => `«${skill.nm}»`).join(' → ') })}
        </Alert>
      ) : null}
      <Section title={t('skill')}>
        <Typography>{debug.skill ? `${debug.skill.nm} (${percent(debug.skill.score)})` : t('ninguno')}</Typography>
        {!debug.recognised ? <Typography variant="body2">{t('noReconocida')}</Typography> : null}
        <Typography variant="body2">{`${t('via')}: ${t(`vias.${debug.via}`)}`}</Typography>
      </Section>
      <Section title={t('candidatos')}>
        {others.length === 0 ? (
          <Typography variant="body2">{t('sinCandidatos')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {others.map((candidate) => (
              <li key={candidate.skillId}>
                <Typography variant="body2">{t('candidato', { nm: candidate.nm, score: percent(candidate.score), threshold: percent(candidate.threshold) })}</Typography>
              </li>
            ))}
          </Box>
        )}
      </Section>
      <Section title={t('skills')}>
        <Typography variant="body2">{debug.skills.length ? debug.skills.map((skill) => skill.nm).join(' → ') : t('ninguno')}</Typography>
      </Section>
      <Section title={t('entidades')}>
        {debug.entities.length === 0 ? (
          <Typography variant="body2">{t('sinEntidades')}</Typography>
        ) : (
          <SmallTable head={[t('entidad'), t('valor'), t('texto')]} rows={debug.entities.map((entity) => [entity.nm, entity.value, entity.text])} />
        )}
      </Section>
      <Section title={t('memoria')}>
        {memory.length === 0 ? (
          <Typography variant="body2">{t('sinMemoria')}</Typography>
        ) : (
          <SmallTable head={[t('clave'), t('valor')]} rows={memory.map(([key, value]) => [key, show(value)])} />
        )}
      </Section>
      <Section title={t('faltantes')}>
        {debug.missing.length === 0 ? (
          <Typography variant="body2">{t('sinFaltantes')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {debug.missing.map((field) => (
              <li key={field.id}>
                <Typography variant="body2">{`${field.nm}: ${field.message}`}</Typography>
              </li>
            ))}
          </Box>
        )}
      </Section>
      <Section title={t('webhooks')}>
        {debug.webhooks.length === 0 ? (
          <Typography variant="body2">{t('sinWebhooks')}</Typography>
        ) : (
          <SmallTable
            head={[t('metodo'), t('url'), t('estadoHttp'), t('ms')]}
            rows={debug.webhooks.map((call) => [
              call.method,
              call.url,
              [call.skipped ? t('omitido') : (call.error ?? call.status ?? ''), call.droppedHeaders?.length ? t('cabecerasOmitidas', { names: call.droppedHeaders.join(', ') }) : '']
                .filter((part) => part !== '')
                .join(' · '),
              Math.round(call.ms),
            ])}
          />
        )}
      </Section>
      <Section title={t('humano')}>
        <Typography variant="body2">{debug.human ? t('si') : t('no')}</Typography>
        {debug.bot.id !== idBot ? <Typography variant="body2">{t('otroBot', { nm: debug.bot.nm })}</Typography> : null}
      </Section>
    </>
  );
}
