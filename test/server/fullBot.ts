// A bot holding one of everything a definition has (skills of every type, links, actions of every
// kind, requirements and memory, regex and keyword entities, parameters, QnA settings, extras and
// an encrypted extra), written straight to the database, for the export, import and deploy suites.
// Its actions and requirements keep the skill editor's rules (validateAccion, validateRequerimiento).
import { randomUUID } from 'node:crypto';
import { botExtraPlace, encryptSecret } from '../../server/src/secrets';
import { insertBot, insertSkill } from './botFixtures';
import { TEST_SECRET_KEY, type TestApp } from './helpers';

export const SECRET_VALUE = 'secreto-muy-privado-123';

export interface FullBot {
  id: string;
  /** The bot GO_BOT hands over to, in the same company. */
  other: string;
  skills: { saludo: string; precio: string; fallback: string; qna: string };
  entities: { codigo: string; producto: string };
}

export async function insertFullBot(t: TestApp, idE: string, nm = 'Ventas completo'): Promise<FullBot> {
  const other = await insertBot(t, idE, `Soporte de ${nm}`);
  const id = await insertBot(t, idE, nm, {
    dsc: 'Bot con todo',
    shared: 1,
    tsession: 20,
    timeout: 5,
    main: 1,
    destroy: 1,
    qna: 1,
    qnaExtrn: 1,
    qnaUrl: 'https://kb.example.test/api',
    qnaCron: '0 0 3 * * ?',
    ttoken: 'https://auth.example.test/token',
    baseUrl: 'https://api.example.test',
    baseUrlRemoto: 'https://remoto.example.test',
  });
  const saludo = await insertSkill(t, id, 'Saludo', { frases: ['hola', 'buenos días'], cfg: { threshold: 0.6, modKeyword: true, keywordIncluye: ['hola'], tokens: [{ nm: 'producto', sinonimos: ['artículo'], obl: true, req: false, order: 0, unique: false }] } });
  const precio = await insertSkill(t, id, 'Precio', { frases: ['cuánto cuesta'], cfg: { opReq: 'AND', hasAttachments: true, attachmentMaxCount: 2, attachmentMaxSize: 3, attachmentTypes: ['pdf'] } });
  const fallback = await insertSkill(t, id, 'No entendí', { tipo: 1 });
  const qna = await insertSkill(t, id, 'Preguntas', { tipo: 2, cfg: { tagsKb: ['t0'], modKb: true, kbResultsMenu: precio } });
  const codigo = randomUUID();
  const producto = randomUUID();
  await t.app.db
    .insertInto('entidad')
    .values([
      { id: codigo, idBot: id, nm: 'código', dsc: 'Código de producto', rgx: 1, format: '^[A-Z]{3}-\\d+$', keywords: '[]', type: null, paths: JSON.stringify([{ nm: 'text', tp: 'text' }, { nm: 'length', tp: 'number' }]) },
      { id: producto, idBot: id, nm: 'producto', dsc: null, rgx: 0, format: null, keywords: JSON.stringify(['camisa', 'pantalón']), type: 'custom', paths: '[]' },
    ])
    .execute();

  const button = (title: string) => ({ type: 'POSTBACK', title, value: title.toLowerCase(), render: '' });
  const actions: Array<[string, string, Record<string, unknown>]> = [
    [saludo, 'TEXT', { text: ['¡Hola!', 'Bienvenido'], unique: false, red: [8] }],
    [saludo, 'CARD', { imageUrl: 'https://img.example.test/a.png', title: 'Oferta', subTitle: 'Hoy', invalidOption: 'No válido', buttons: [button('Ver')], red: [1] }],
    [saludo, 'CAROUSEL', { carousel: [{ title: 'Uno', subtitle: 'Primero', imageUrl: 'https://img.example.test/1.png', buttons: [button('Elegir')], invalidOption: 'No' }], red: [8] }],
    [saludo, 'BUTTON', { title: '¿Qué desea?', invalidOption: 'Elija una opción', buttons: [button('Precios'), button('Horario')], red: [8] }],
    [saludo, 'QUICK_REPLY', { title: 'Rápido', buttons: [{ type: 'LOCATION', title: 'Ubicación', value: 'loc' }], red: [2] }],
    [precio, 'WEB_HOOK', {
      method: 'PUT', url: 'https://hook.example.test/precio', files: false, op: 'AND',
      cond: [{ id: codigo, op: 'MATCHES', value: '^[A-Z]{3}', order: 0, type: 2, path: 'text' }],
      fields: [{ k: 'producto', v: '{{producto}}' }], headers: [{ k: 'Content-Type', v: 'application/json' }], red: [8],
    }],
    [precio, 'GO_SKILL', { sk: saludo, fields: [], red: [8] }],
    [fallback, 'GO_BOT', { b: other, sk: 'inicio', red: [8] }],
    [fallback, 'GO_HUMAN', { b: other, red: [8] }],
  ];
  await t.app.db
    .insertInto('accion')
    .values(actions.map(([idSkill, type, cfg], ord) => ({ id: randomUUID(), idBot: id, idSkill, type, ord, cfg: JSON.stringify(cfg) })))
    .execute();
  await t.app.db
    .insertInto('requerimiento')
    .values([
      { id: randomUUID(), idBot: id, idSkill: precio, op: 'AND', tp: 0, fields: JSON.stringify([{ id: producto, type: 0, path: 'text', op: 'IS_PRESENT', order: 0 }]), replyMissing: JSON.stringify(['¿Qué producto?']) },
      { id: randomUUID(), idBot: id, idSkill: precio, op: 'OR', tp: 1, fields: JSON.stringify([{ id: 'email', type: 1, path: 'text', op: 'AS', value: 'correo', order: 0 }]), replyMissing: '[]' },
    ])
    .execute();

  const diagram = {
    nodes: [{ id: saludo, x: 0, y: 0 }, { id: precio, x: 250, y: 0 }, { id: fallback, x: 500, y: 0 }, { id: qna, x: 250, y: 200 }],
    edges: [{ id: `${saludo}-${precio}`, source: saludo, target: precio }, { id: `${precio}-${fallback}`, source: precio, target: fallback }],
    viewport: { x: 0, y: 0, zoom: 1 },
  };
  const params = {
    sessionExpired: 'Su sesión expiró', loginsk: saludo, skillMenu: saludo, maxAttempt: 2, msgAttempt: 'Demasiados intentos', skillAttempt: fallback,
    invalidOption: 'Opción incorrecta', skillInvalidOption: fallback, kbResultsEmpty: 'Sin resultados', kbResultsMuch: 'Demasiados', kbResultsMenu: 'Menú',
    kbCalificaMenu: 'Califique', kbCalificaOk: 'Gracias', kbCalificaBad: 'Lo sentimos', kbSalir: 'salir', kbInicio: 'inicio', kbChiste: 'chiste',
    kbFallback: 'No sé', kbNotFoundMsg: 'No encontrado', kbRepeatMsg: 'Repita', kbResultsGlobal: 'Global',
  };
  await t.app.db
    .updateTable('bot')
    .set({
      diagram: JSON.stringify(diagram),
      params: JSON.stringify(params),
      extras: JSON.stringify([{ key: 'region', val: 'norte' }, { key: 'canal', val: 'web' }]),
      extrasEnc: JSON.stringify([{ key: 'apiKey', enc: encryptSecret(TEST_SECRET_KEY, SECRET_VALUE, botExtraPlace(idE, id, 'apiKey')) }]),
    })
    .where('id', '=', id)
    .execute();
  return { id, other, skills: { saludo, precio, fallback, qna }, entities: { codigo, producto } };
}
