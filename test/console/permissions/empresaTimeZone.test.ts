// The time zone a screen tells its company's days and hours in.
import { describe, expect, it } from 'vitest';
import { browserTimeZone } from '../../../src/api/sessionModel';
import { empresaTimeZone } from '../../../src/permissions/empresaTimeZone';
import { makeSession } from '../fixtures';

describe('la zona horaria de la empresa de la pantalla', () => {
  const session = makeSession({}, { tz: 'Asia/Kathmandu' });

  it('la empresa elegida con zona propia usa la suya', () => {
    expect(empresaTimeZone(session, { tz: 'Europe/Madrid' })).toBe('Europe/Madrid');
  });

  it('sin zona propia (o sin empresa elegida) usa la de la empresa de la sesión', () => {
    expect(empresaTimeZone(session, { tz: null })).toBe('Asia/Kathmandu');
    expect(empresaTimeZone(session, { tz: '' })).toBe('Asia/Kathmandu');
    expect(empresaTimeZone(session)).toBe('Asia/Kathmandu');
  });

  it('sin sesión, o con una sesión sin zona, usa la del navegador', () => {
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(empresaTimeZone(null)).toBe(browserTimeZone());
    expect(empresaTimeZone(makeSession({}, { tz: '' }))).toBe(browserTimeZone());
  });
});
