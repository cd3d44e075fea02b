// Pure parts of the server: validation messages, error mapping, password hashing and policy,
// address lists, the captcha payload decoder.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/src/errors';
import { clientError, fieldMessage, validationMessage } from '../../server/src/plugins/errors';
import { EmpresaBody } from '../../common/schemas/empresas';
import { isAclEntry } from '../../common/schemas/acl';
import { addressAllowed, parseAclList } from '../../server/src/auth/acl';
import { formatDay, subscriptionEnd } from '../../server/src/services/auth/login';
import { decodeCaptchaPayload } from '../../server/src/services/auth/captcha';
import { DEFAULT_SCRYPT_N, generatePassword, hashPassword, needsRehash, verifyPassword } from '../../server/src/services/auth/passwords';
import { loadPasswordChecker } from '../../common/passwordPolicy';

describe('mensajes de validación', () => {
  const issue = (keyword: string, instancePath: string, params: Record<string, unknown> = {}) => ({ keyword, instancePath, params });

  it('nombran el campo en español', () => {
    expect(validationMessage(issue('required', '', { missingProperty: 'usuario' }))).toBe('El campo usuario es obligatorio');
    expect(validationMessage(issue('maxLength', '/nm', { limit: 100 }))).toBe('El campo nm admite como máximo 100 caracteres');
    expect(validationMessage(issue('type', '/port', { type: 'number' }))).toBe('El campo port debe ser un número');
    expect(validationMessage(issue('type', '/page', { type: 'integer' }))).toBe('El campo page debe ser un número entero');
    expect(validationMessage(issue('type', '/a', { type: 'boolean' }))).toBe('El campo a debe ser verdadero o falso');
    expect(validationMessage(issue('format', '/usuario', { format: 'email' }))).toBe('El campo usuario debe ser un correo electrónico válido');
    expect(validationMessage(issue('minimum', '/pageSize', { limit: 1 }))).toBe('El campo pageSize debe ser mayor o igual a 1');
    expect(validationMessage(issue('enum', '/rol', { allowedValues: [] }))).toBe('El campo rol tiene un valor no permitido');
    expect(validationMessage(issue('minLength', '/nm', { limit: 1 }))).toBe('El campo nm es obligatorio');
  });

  it('siguen la ruta de los campos anidados', () => {
    expect(validationMessage(issue('maxLength', '/sorted/0/id', { limit: 40 }))).toBe('El campo sorted[0].id admite como máximo 40 caracteres');
    expect(validationMessage(issue('required', '/web/theme', { missingProperty: 'headerBgColor' }))).toBe('El campo web.theme.headerBgColor es obligatorio');
  });

  it('un cuerpo que no es un objeto', () => {
    expect(validationMessage(issue('type', '', { type: 'object' }), 'body')).toBe('El cuerpo de la solicitud debe ser un objeto JSON');
  });
});

describe('mensajes propios de un campo (x-message)', () => {
  const request = (body: unknown) => ({ routeOptions: { schema: { body: EmpresaBody } }, body, query: {}, params: {}, headers: {} }) as never;
  const issue = (keyword: string, instancePath: string, params: Record<string, unknown> = {}) => ({ keyword, instancePath, params });

  it('un campo obligatorio que falta, es nulo o está en blanco usa el mensaje del esquema', () => {
    expect(fieldMessage(issue('required', '', { missingProperty: 'ruc' }), 'body', request({}))).toBe('Campo requerido: RUC');
    expect(fieldMessage(issue('type', '/tk3', { type: 'string' }), 'body', request({ tk3: null }))).toBe('Campo requerido: Token 3');
    expect(fieldMessage(issue('pattern', '/nm', {}), 'body', request({ nm: '   ' }))).toBe('Campo requerido: Nombre');
  });

  it('otros errores del mismo campo, y los campos sin mensaje, usan el texto general', () => {
    expect(fieldMessage(issue('maxLength', '/nm', { limit: 200 }), 'body', request({ nm: 'x'.repeat(201) }))).toBeUndefined();
    expect(fieldMessage(issue('required', '', { missingProperty: 'dir' }), 'body', request({}))).toBeUndefined();
    expect(fieldMessage(issue('required', '', { missingProperty: 'ruc' }), 'body', undefined)).toBeUndefined();
  });
});

describe('clientError', () => {
  it('ApiError conserva su estado, mensaje y código', () => {
    expect(clientError(new ApiError(401, 'Firma de integridad inválida', 'INTEGRITY'))).toEqual({ status: 401, body: { message: 'Firma de integridad inválida', code: 'INTEGRITY' } });
    expect(clientError(new ApiError(409, 'Conflicto'))).toEqual({ status: 409, body: { message: 'Conflicto' } });
  });

  it('un error desconocido es un 500 sin detalles', () => {
    const sql = new Error('SQLITE_ERROR: no such table: sesion');
    expect(clientError(sql)).toEqual({ status: 500, body: { message: 'Error interno del servidor' } });
  });

  it('los errores 4xx de Fastify reciben un texto en español', () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    expect(clientError(tooLarge)).toEqual({ status: 413, body: { message: 'El cuerpo de la solicitud es demasiado grande' } });
    const media = Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 });
    expect(clientError(media)).toEqual({ status: 415, body: { message: 'Tipo de contenido no admitido' } });
  });
});

describe('contraseñas', () => {
  it('se guardan como scrypt$N$r$p$salt$hash y se verifican', async () => {
    const hash = await hashPassword('Demo.2026', 1024);
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword('Demo.2026', hash)).toBe(true);
    expect(await verifyPassword('demo.2026', hash)).toBe(false);
    expect(await verifyPassword('Demo.2026', 'scrypt$x$8$1$abc$def')).toBe(false);
    expect(await verifyPassword('Demo.2026', 'texto-plano')).toBe(false);
  });

  it('el costo por defecto es el mínimo de OWASP (N=2^17, r=8, p=1)', async () => {
    expect(DEFAULT_SCRYPT_N).toBe(131072);
    const hash = await hashPassword('Demo.2026');
    expect(hash.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(await verifyPassword('Demo.2026', hash)).toBe(true);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash(await hashPassword('Demo.2026', 16384))).toBe(true);
    expect(needsRehash('scrypt$131072$4$1$abc$def')).toBe(true);
  });

  it('una contraseña elegida tiene al menos 12 caracteres y no se adivina (zxcvbn, diccionario español)', async () => {
    const check = await loadPasswordChecker();
    const inputs = ['camila.herrera@quipu.test', 'Camila', 'Herrera Paredes'];
    expect(check('Año.2026', inputs).error).toBe('La nueva contraseña debe tener al menos 12 caracteres');
    expect(check('Camila.Herrera.2026', inputs).error).toBe('La nueva contraseña no debe contener su nombre, apellido ni usuario');
    for (const guessable of ['contraseña123', 'qwertyuiop123', 'primavera2026']) {
      expect(check(guessable, inputs).error, guessable).toMatch(/^La nueva contraseña es fácil de adivinar/);
    }
    for (const strong of ['Tr3s-gatos-en-Lima', 'mariposa azul del monte', 'Nueva.Clave.Segura.2026']) {
      expect(check(strong, inputs).error, strong).toBeNull();
    }
  });

  it('las contraseñas generadas tienen 12 caracteres con minúsculas, mayúsculas, dígitos y un símbolo', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(p).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[.\-_*#!%+])[A-Za-z0-9.\-_*#!%+]{12}$/);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });
});

describe('listas de direcciones (acl)', () => {
  const list = ['10.0.0.0/8', '192.168.1.15', '172.16.0.0/255.255.0.0', '2001:db8:abcd::/48', 'no-es-ip', '10.0.0.0/99'];
  it.each([
    ['10.20.30.40', true],
    ['11.0.0.1', false],
    ['192.168.1.15', true],
    ['192.168.1.16', false],
    ['172.16.9.9', true],
    ['172.17.0.1', false],
    ['::ffff:10.1.1.1', true],
    ['2001:db8:abcd:12::1', true],
    ['2001:db8:abce::1', false],
    ['desconocida', false],
  ])('%s → %s', (address, allowed) => {
    expect(addressAllowed(address, list)).toBe(allowed);
  });

  it('una lista ilegible no permite nada', () => {
    expect(parseAclList('no es json')).toEqual([]);
    expect(parseAclList('["10.0.0.1", 5]')).toEqual(['10.0.0.1']);
    expect(addressAllowed('10.0.0.1', parseAclList('{}'))).toBe(false);
  });

  // One rule (schemas/acl.ts) for the company form and the save: what it accepts, the sign-in check matches.
  it.each([
    ['10.0.0.1', '10.0.0.1'],
    ['10.0.0.0/8', '10.200.1.1'],
    ['192.168.1.0/255.255.255.0', '192.168.1.77'],
    ['2001:db8::/32', '2001:db8:1::5'],
    ['::ffff:10.0.0.1', '10.0.0.1'],
  ])('la entrada %s es válida y admite %s', (entry, address) => {
    expect(isAclEntry(entry)).toBe(true);
    expect(addressAllowed(address, [entry])).toBe(true);
  });

  it.each(['10.0.0.1/33', '10.0.0.0/255.0.255.0', '2001:db8::/129', 'fe80::1/255.255.0.0', 'intranet', '10.0.0.1/8/1'])('la entrada %s no es válida', (entry) => {
    expect(isAclEntry(entry)).toBe(false);
  });
});

describe('ingreso: textos y fechas', () => {
  it('una fecha de fin sin hora dura hasta el final de ese día', () => {
    expect(formatDay('2026-03-31')).toBe('31/03/2026');
    expect(formatDay('2026-03-31T12:00:00.000Z')).toBe('31/03/2026');
    expect(subscriptionEnd('2026-03-31')).toBe(Date.parse('2026-03-31T23:59:59.999Z'));
  });
});

describe('payload del captcha', () => {
  it('acepta el base64 de {challenge: {parameters, signature}, solution} que envía el widget altcha v3', () => {
    const payload = { challenge: { parameters: { algorithm: 'PBKDF2/SHA-256', nonce: 'ab' }, signature: 'cd' }, solution: { counter: 3, derivedKey: '00ff' } };
    expect(decodeCaptchaPayload(Buffer.from(JSON.stringify(payload)).toString('base64'))).toEqual(payload);
  });

  it('rechaza el modo de prueba del widget, JSON roto y formas incompletas', () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
    expect(decodeCaptchaPayload(b64({ challenge: null, solution: null, test: true }))).toBeNull();
    expect(decodeCaptchaPayload('%%%')).toBeNull();
    expect(decodeCaptchaPayload(b64({ challenge: { parameters: {} }, solution: { counter: 1, derivedKey: 'aa' } }))).toBeNull();
  });
});
