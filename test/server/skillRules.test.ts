// The skill editor's rules (common/schemas/skillRules.ts), which the form and the server both
// run: each rule on a wrong input, with its exact Spanish text and field, and on a right one.
import { describe, expect, it } from 'vitest';
import {
  addToList,
  addedMessage,
  mergePhrases,
  moveItem,
  phraseLines,
  toggleChannel,
  answersOn,
  tokenProblems,
  validateRequerimiento,
  validateSkill,
  type EntityCatalogue,
} from '../../common/schemas/skillRules';
import { ACCION_MESSAGES as M, facebookWarning, firstActionProblem, orderProblem, validateAccion, type AccionInput } from '../../common/actions';

const first = <T extends { field: string; message: string }>(problems: T[]) => problems.map(({ field, message }) => ({ field, message }))[0];

describe('listas que se agregan con Enter', () => {
  it('rechaza un texto vacío y uno repetido (sin distinguir mayúsculas ni espacios, sí acentos)', () => {
    expect(addToList([], '   ', M.fraseRepetida)).toEqual({ message: 'Debe ingresar un texto valido para ser agregado' });
    expect(addToList(['Hola qué tal'], '  hola   QUÉ tal ', M.fraseRepetida)).toEqual({ message: M.fraseRepetida });
    expect(addToList(['Hola qué tal'], 'hola que tal', M.fraseRepetida)).toEqual({ list: ['Hola qué tal', 'hola que tal'] });
  });

  it('une frases de un archivo sin repetir y cuenta las nuevas', () => {
    const lines = phraseLines('\uFEFFhola\r\nBuenas tardes\n\n  hola  \nbuenas   tardes\r¿qué tal?');
    expect(lines).toEqual(['hola', 'Buenas tardes', 'hola', 'buenas   tardes', '¿qué tal?']);
    expect(mergePhrases(['Hola'], lines)).toEqual({ list: ['Hola', 'Buenas tardes', '¿qué tal?'], added: 2 });
    expect(addedMessage(2)).toBe('Agregadas con éxito: 2 frases');
    expect(addedMessage(1)).toBe('Agregadas con éxito: 1 frase');
  });
});

describe('tokens', () => {
  it('Modo Token activo pide al menos uno', () => {
    expect(tokenProblems([], true)).toEqual([{ field: 'tokens', message: 'Modo Token activo, debe ingresar mínimo uno.' }]);
    expect(tokenProblems([], false)).toEqual([]);
  });

  it('nombre, repetidos, sinónimos y requerimientos contiguos (por orden)', () => {
    const t = (nm: string, order: number, extra: object = {}) => ({ nm, sinonimos: [], obl: false, req: false, order, unique: false, ...extra });
    expect(first(tokenProblems([t(' ', 0)], true))).toEqual({ field: 'tokens.0.nm', message: 'Ingrese un token' });
    expect(first(tokenProblems([t('saldo', 0), t('Saldo', 1)], true))).toEqual({ field: 'tokens.1.nm', message: 'Este token ya fue agregado, ingrese uno distinto' });
    expect(first(tokenProblems([t('saldo', 0, { sinonimos: ['cuenta', 'CUENTA'] })], true))).toEqual({ field: 'tokens.0.sinonimos.1', message: 'Este sinónimo ya fue agregado, ingrese uno distinto' });
    // Listed apart, but consecutive by order: 0 and 1 are both requirements.
    expect(first(tokenProblems([t('a', 0, { req: true }), t('b', 2), t('c', 1, { req: true })], true))).toEqual({ field: 'tokens.2.req', message: 'Requerimientos no pueden ser tokens contiguos.' });
    expect(tokenProblems([t('a', 0, { req: true }), t('b', 1), t('c', 2, { req: true })], true)).toEqual([]);
    // An order left blank in the form.
    expect(first(tokenProblems([t('a', 0), { ...t('b', 1), order: null }], true))).toEqual({ field: 'tokens.1.order', message: M.tokenOrden });
  });
});

describe('skill', () => {
  it('nombre, tags, umbral y adjuntos', () => {
    expect(first(validateSkill({ nm: '' }))).toEqual({ field: 'nm', message: 'Campo requerido' });
    expect(first(validateSkill({ nm: 'QnA', tipo: 2, tagsKb: [] }))).toEqual({ field: 'tagsKb', message: 'Seleccione mínimo 1 tag' });
    expect(first(validateSkill({ nm: 'x', threshold: 1.5 }))).toEqual({ field: 'threshold', message: M.umbral });
    expect(first(validateSkill({ nm: 'x', hasAttachments: true, attachmentMaxCount: 6, attachmentMaxSize: 1, attachmentTypes: ['pdf'] }))).toEqual({ field: 'attachmentMaxCount', message: M.adjuntosCantidad });
    expect(first(validateSkill({ nm: 'x', hasAttachments: true, attachmentMaxCount: 5, attachmentMaxSize: 0, attachmentTypes: ['pdf'] }))).toEqual({ field: 'attachmentMaxSize', message: M.adjuntosTamano });
    expect(first(validateSkill({ nm: 'x', hasAttachments: true, attachmentMaxCount: 1, attachmentMaxSize: 5, attachmentTypes: [] }))).toEqual({ field: 'attachmentTypes', message: M.adjuntosTipos });
    expect(validateSkill({ nm: 'Saludo', tipo: 0, frases: ['hola', 'buenas'], hasAttachments: true, attachmentMaxCount: 5, attachmentMaxSize: 5, attachmentTypes: ['pdf'] })).toEqual([]);
  });

  it('frases repetidas que llegan de otro cliente', () => {
    expect(first(validateSkill({ nm: 'x', frases: ['hola', ' HOLA '] }))).toEqual({ field: 'frases.1', message: M.fraseRepetida });
  });
});

describe('acciones', () => {
  const action = (type: AccionInput['type'], extra: Partial<AccionInput> = {}): AccionInput => ({ type, red: [8], ...extra });
  const button = { type: 'POSTBACK', title: 'Sí', value: 'SI' };

  it('texto, card, botones, respuestas rápidas y carrusel con sus mensajes', () => {
    expect(first(validateAccion(action('TEXT', { text: [' '] })))).toEqual({ field: 'text', message: 'Debe ingresar al menos un texto' });
    expect(first(validateAccion(action('CARD', { title: 'x' })))).toEqual({ field: 'imageUrl', message: 'Debe ingresar una URL de imagen o un botón' });
    expect(validateAccion(action('CARD', { imageUrl: 'https://x.test/a.png' }))).toEqual([]);
    expect(first(validateAccion(action('BUTTON', { title: '', buttons: [button] })))).toEqual({ field: 'title', message: 'Ingrese un texto' });
    expect(first(validateAccion(action('BUTTON', { title: 'Elija', buttons: [] })))).toEqual({ field: 'buttons', message: 'Debe tener al menos un botón' });
    expect(first(validateAccion(action('BUTTON', { title: 'Elija', buttons: [{ type: 'POSTBACK', title: '', value: 'x' }] })))).toEqual({ field: 'buttons.0.title', message: 'campo requerido' });
    expect(first(validateAccion(action('BUTTON', { title: 'Elija', buttons: [{ ...button, title: 'x'.repeat(51) }] })))).toEqual({ field: 'buttons.0.title', message: 'Máximo 50 caracteres' });
    expect(first(validateAccion(action('BUTTON', { title: 'Elija', buttons: [{ ...button, value: 'x'.repeat(151) }] })))).toEqual({ field: 'buttons.0.value', message: 'Máximo 150 caracteres' });
    expect(first(validateAccion(action('BUTTON', { title: 'Elija', buttons: [{ ...button, render: 'x'.repeat(31) }] })))).toEqual({ field: 'buttons.0.render', message: 'Máximo 30 caracteres' });
    expect(first(validateAccion(action('QUICK_REPLY', { title: 'Elija', buttons: [button, button, button, button] })))).toEqual({ field: 'buttons', message: M.maxRespuestasRapidas });
    expect(validateAccion(action('QUICK_REPLY', { title: 'Comparta', buttons: [{ type: 'LOCATION', title: 'Ubicación' }] }))).toEqual([]);
    const card = { title: 't', subtitle: 's', imageUrl: 'https://x.test/i.png', invalidOption: 'no', buttons: [] };
    expect(first(validateAccion(action('CAROUSEL', { carousel: Array.from({ length: 11 }, () => card) })))).toEqual({ field: 'carousel', message: M.maxTarjetas });
    expect(first(validateAccion(action('CAROUSEL', { carousel: [{ ...card, subtitle: '' }] })))).toEqual({ field: 'carousel.0.subtitle', message: 'campo requerido' });
    expect(validateAccion(action('CAROUSEL', { carousel: [card] }))).toEqual([]);
  });

  it('el aviso de Facebook desde 3 botones', () => {
    expect(facebookWarning({ type: 'BUTTON', buttons: [button, button] })).toBeNull();
    expect(facebookWarning({ type: 'BUTTON', buttons: [button, button, button] })).toBe(M.avisoFacebook);
  });

  it('webhook, saltos y canales', () => {
    expect(first(validateAccion(action('WEB_HOOK', { method: 'POST', url: 'ftp://x' })))).toEqual({ field: 'url', message: M.urlInvalida });
    expect(first(validateAccion(action('WEB_HOOK', { method: 'POST', url: 'https://x.test', cond: [{ id: '', op: 'IS', value: '1', type: 2 }] })))).toEqual({ field: 'cond.0.id', message: 'Seleccione' });
    expect(first(validateAccion(action('WEB_HOOK', { method: 'POST', url: 'https://x.test', cond: [{ id: 'monto', op: '', type: 2 }] })))).toEqual({ field: 'cond.0.op', message: 'Seleccione' });
    expect(validateAccion(action('WEB_HOOK', { method: 'GET', url: 'https://x.test/api', headers: [{ k: 'Content-Type', v: 'application/json' }], cond: [{ id: 'monto', op: 'GREATER_THAN', value: '10', type: 2 }] }))).toEqual([]);
    expect(first(validateAccion(action('GO_SKILL', { sk: 's1' }), { idSkill: 's1' }))).toEqual({ field: 'sk', message: M.skillMismo });
    expect(first(validateAccion(action('GO_BOT', {})))).toEqual({ field: 'b', message: 'Seleccione un bot' });
    expect(first(validateAccion({ type: 'GO_HUMAN', red: [] }))).toEqual({ field: 'red', message: M.canales });
  });

  it('la primera acción de salto solo admite saltos', () => {
    expect(firstActionProblem(['GO_SKILL'], 'TEXT')).toBe('La primera acción es de tipo: Skill no puede agregar un: Texto');
    expect(firstActionProblem(['GO_HUMAN'], 'GO_BOT')).toBeNull();
    expect(firstActionProblem(['TEXT'], 'GO_BOT')).toBeNull();
    expect(orderProblem(['GO_BOT', 'TEXT'])).toBe('Una acción de tipo: Bot solo puede ir primero si las demás acciones también son saltos');
    expect(orderProblem(['TEXT', 'GO_BOT'])).toBeNull();
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
  });

  it('los cinco canales encendidos uno a uno quedan en 8', () => {
    let red: number[] = [];
    for (const code of [0, 1, 2, 4]) red = toggleChannel(red, code);
    expect(red).toEqual([0, 1, 2, 4]);
    red = toggleChannel(red, 6);
    expect(red).toEqual([8]);
    expect(toggleChannel(red, 1)).toEqual([0, 2, 4, 6]);
    expect(answersOn([8], 4)).toBe(true);
    expect(answersOn([0, 2], 1)).toBe(false);
  });
});

describe('{{secreto.nombre}} en acciones', () => {
  const webhook = (extra: Partial<AccionInput> = {}): AccionInput => ({
    type: 'WEB_HOOK', method: 'POST', url: 'https://api.test/pedido?token={{secreto.apiKey}}',
    headers: [{ k: 'Authorization', v: 'Bearer {{ secreto.apiKey }}' }], fields: [{ k: 'firma', v: '{{secreto.apiKey}}' }], ...extra,
  });

  it('se admite en los valores de cabeceras y campos y en la consulta de la URL de un WEB_HOOK', () => {
    expect(validateAccion(webhook())).toEqual([]);
    expect(validateAccion(webhook(), { extras: ['apiKey'] })).toEqual([]);
  });

  it('se rechaza en textos visibles, en nombres, en la dirección, en condiciones y en valores que van a memoria', () => {
    const fuera = (accion: AccionInput) => validateAccion(accion).filter((p) => p.message === M.secretoFuera).map((p) => p.field);
    expect(fuera({ type: 'TEXT', text: ['Hola', 'Su clave: {{secreto.apiKey}}'] })).toEqual(['text']);
    expect(fuera({ type: 'CARD', title: '{{secreto.a}}', subTitle: 'x', buttons: [{ type: 'WEB_URL', title: 'Ver', value: 'https://x.test/?k={{secreto.a}}' }] })).toEqual(['title', 'buttons.0.value']);
    expect(fuera({ type: 'GO_SKILL', sk: 's2', fields: [{ k: 'copia', v: '{{secreto.apiKey}}' }] })).toEqual(['fields.0.v']);
    expect(fuera(webhook({ url: 'https://{{secreto.host}}/pedido' }))).toEqual(['url']);
    expect(fuera(webhook({ headers: [{ k: '{{secreto.apiKey}}', v: 'x' }] }))).toEqual(['headers.0.k']);
    expect(fuera(webhook({ cond: [{ id: 'monto', type: 2, op: 'IS', value: '{{secreto.apiKey}}' }] }))).toEqual(['cond.0.value']);
    expect(fuera(webhook({ resp: [{ path: 'a', k: '{{secreto.apiKey}}' }] }))).toEqual(['resp.0.k']);
  });

  it("con los extras del bot (al desplegar), uno que no existe dice 'El secreto «x» no existe en los extras del bot'", () => {
    expect(validateAccion(webhook(), { extras: ['otro'] })).toEqual([
      { field: 'url', message: M.secretoInexistente('apiKey') },
      { field: 'headers.0.v', message: 'El secreto «apiKey» no existe en los extras del bot' },
      { field: 'fields.0.v', message: M.secretoInexistente('apiKey') },
    ]);
  });
});

describe('requerimientos y memoria', () => {
  const catalogue: EntityCatalogue = { custom: new Map([['e1', ['text', 'length']]]), internal: new Map([['email', ['text', 'length']]]) };

  it('al menos un campo; entidad y operación; valor cuando la operación compara', () => {
    expect(first(validateRequerimiento({ tp: 0, fields: [] }, catalogue))).toEqual({ field: 'fields', message: 'Debe ingresar al menos un campo' });
    expect(first(validateRequerimiento({ tp: 0, fields: [{ id: '', type: 0, op: 'IS_PRESENT' }] }, catalogue))).toEqual({ field: 'fields.0.id', message: 'Seleccione' });
    expect(first(validateRequerimiento({ tp: 0, fields: [{ id: 'e1', type: 0, op: '' }] }, catalogue))).toEqual({ field: 'fields.0.op', message: 'Seleccione' });
    expect(first(validateRequerimiento({ tp: 0, fields: [{ id: 'e9', type: 0, op: 'IS_PRESENT' }] }, catalogue))).toEqual({ field: 'fields.0.id', message: M.entidadAjena });
    expect(first(validateRequerimiento({ tp: 0, fields: [{ id: 'e1', type: 0, op: 'IS' }] }, catalogue))).toEqual({ field: 'fields.0.value', message: M.ingreseValor });
    expect(first(validateRequerimiento({ tp: 0, fields: [{ id: 'e1', type: 0, path: 'length', op: 'GREATER_THAN', value: 'diez' }] }, catalogue))).toEqual({ field: 'fields.0.value', message: M.valorNumerico });
    expect(first(validateRequerimiento({ tp: 0, fields: [{ id: 'e1', type: 0, op: 'MATCHES', value: '([a-z' }] }, catalogue))).toEqual({ field: 'fields.0.value', message: M.expresionInvalida });
    expect(validateRequerimiento({ tp: 0, fields: [{ id: 'email', type: 1, path: 'text', op: 'IS_PRESENT' }], replyMissing: ['¿Cuál es su correo?'] }, catalogue)).toEqual([]);
  });

  it('memoria guarda con AS bajo un nombre', () => {
    expect(first(validateRequerimiento({ tp: 1, fields: [{ id: 'e1', type: 0, op: 'IS_PRESENT' }] }, catalogue))).toEqual({ field: 'fields.0.op', message: M.operacionMemoria });
    expect(first(validateRequerimiento({ tp: 1, fields: [{ id: 'e1', type: 0, op: 'AS' }] }, catalogue))).toEqual({ field: 'fields.0.value', message: M.ingreseValor });
    expect(validateRequerimiento({ tp: 1, fields: [{ id: 'e1', type: 0, path: 'text', op: 'AS', value: 'ciudad' }] }, catalogue)).toEqual([]);
  });
});
