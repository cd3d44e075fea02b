// Shared by the bots screens' tests: a bot as GET /bot answers it, its skills, entities and
// phrases, and the sessions of the three roles that open bots.
import type { Bot } from '../../../src/api/bots';
import { makeSession } from '../fixtures';
import { mockReactFlow } from '../flow/mockReactFlow';

// The editor's General tab draws the flow diagram: React Flow needs what jsdom lacks.
mockReactFlow();

export const compania = makeSession({ rol: 'ROLE_COMPANIA', id: 'cia' });
export const usuarioBots = makeSession({ rol: 'ROLE_USER', id: 'u7' });

export function bot(id: string, extra: Partial<Bot> = {}): Bot {
  return {
    id,
    idE: '3',
    nm: `Bot ${id}`,
    dsc: `Atiende consultas ${id}`,
    imp: false,
    shared: false,
    idClone: null,
    tsession: 30,
    timeout: 15,
    main: false,
    destroy: false,
    qna: false,
    qnaExtrn: false,
    qnaUrl: null,
    qnaCron: null,
    ttoken: null,
    baseUrl: 'https://api.demo.test',
    baseUrlRemoto: null,
    params: { maxAttempt: 3, msgAttempt: 'Intentos excedidos', invalidOption: 'Opción no válida', loginsk: 's2' },
    diagram: { nodes: [{ id: 's1', x: 0, y: 0 }], edges: [] },
    extras: [{ key: 'canal', val: 'web' }],
    extrasEnc: [],
    version: 2,
    msg: 'Segunda versión',
    fc: '2026-02-01T10:00:00.000Z',
    rev: 4,
    ...extra,
  };
}

export const skills = [
  { id: 's1', idBot: 'b1', nm: 'Saludo', dsc: null, tipo: 0, nFrases: 4 },
  { id: 's2', idBot: 'b1', nm: 'Ingreso', dsc: null, tipo: 0, nFrases: 2 },
  { id: 's3', idBot: 'b1', nm: 'No entendí', dsc: null, tipo: 1, nFrases: 0 },
];
