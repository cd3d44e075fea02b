// The editors' model: each kind's route, a new channel's defaults, and the body POST /ch/web takes.
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { CanalBody } from '../../../common/schemas/canales';
import { editorPath, formValuesOf, newCanal, newPath, toCanalBody } from '../../../src/pages/canales/common/canalModel';
import { canal } from './support';

describe('canalModel', () => {
  it('abre cada tipo en su ruta y cualquier otro en la del chat web', () => {
    expect(['Twitter', 'Facebook', 'Telegram', 'Web', 'Whatsapp', 'Microsoft', 'Slack', 'Google', 'Instagram', ''].map((name) => editorPath({ id: 'x 1', name }))).toEqual([
      '/canal/tw/x%201',
      '/canal/fb/x%201',
      '/canal/tg/x%201',
      '/canal/web/x%201',
      '/canal/whatsapp/x%201',
      '/canal/msft/x%201',
      '/canal/slack/x%201',
      '/canal/google/x%201',
      '/canal/web/x%201',
      '/canal/web/x%201',
    ]);
    expect(newPath('Slack')).toBe('/canal/slack/new');
  });

  it('un canal nuevo está activo, sin bot, sin horas y sin guardar; el web trae su apariencia por defecto', () => {
    const slack = newCanal('Slack');
    expect(slack).toMatchObject({ id: '', name: 'Slack', red: 7, activo: true, b: null, porHora: false, web: null, excluir: [] });
    expect(newCanal('Web').web).toMatchObject({ height: '540px', width: '360px', welcomeHeight: 60 });
  });

  it('el cuerpo lleva el rev del canal, los secretos solo escritos y nunca el bot', () => {
    const stored = canal('c1', { name: 'Whatsapp', red: 4, b: 'b1', bot: 'Asistente', rev: 7, secretos: { accessToken: true } });
    const values = { ...formValuesOf(stored), dsc: 'Nuevo', porHora: true, hi: '08:00', hf: ' ', secretos: { accessToken: '', verifyToken: 'v1' } };
    expect(toCanalBody(stored, values)).toEqual({
      id: 'c1',
      rev: 7,
      name: 'Whatsapp',
      dsc: 'Nuevo',
      activo: true,
      porHora: true,
      hi: '08:00',
      hf: null,
      msgFueraHora: null,
      useChasqui: false,
      chasquiUrl: null,
      excluir: [],
      cfg: {},
      secretos: { verifyToken: 'v1' },
    });
  });

  it('lo que envía el editor cabe en el esquema cerrado de POST /ch/web, sea un canal nuevo o uno guardado de cada tipo', () => {
    const schema = Compile(CanalBody);
    const guardado = (name: Parameters<typeof newCanal>[0]) => ({
      ...newCanal(name),
      id: 'c1',
      dsc: 'Guardado',
      rev: 3,
      b: 'b1',
      bot: 'Asistente',
      cfg: { appId: 'A1', teamName: 'Equipo', username: 'bot', webhook: true, phoneNumberId: '55' },
      secretos: { appSecret: true },
    });
    const kinds = ['Web', 'Whatsapp', 'Microsoft', 'Slack', 'Google', 'Telegram'] as const;
    for (const kind of kinds) {
      const nuevo = toCanalBody(newCanal(kind), { ...formValuesOf(newCanal(kind)), dsc: 'Nuevo' });
      expect([...schema.Errors(nuevo)], kind).toEqual([]);
      const stored = guardado(kind);
      const body = toCanalBody(stored, { ...formValuesOf(stored), porHora: true, hi: '08:00', hf: '18:00', excluir: [{ numero: '51999', nombre: '' }], secretos: { signingSecret: 's' } });
      expect([...schema.Errors(body)], kind).toEqual([]);
    }
  });
});
