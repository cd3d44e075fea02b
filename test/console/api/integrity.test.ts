// The console's signer against the worked example in README (integrity headers): a fixed key and
// request whose X-Sig was computed once with openssl. The server suite checks the same literal.
import { describe, expect, it } from 'vitest';
import { canonicalText, signature } from '../../../common/integrity';

const EXAMPLE = {
  k: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8',
  method: 'POST',
  path: '/api/usuario/search?orden=nm',
  ts: '1767225600000',
  nonce: 'AAECAwQFBgcICQoLDA0ODw',
  body: '{"page":0,"pageSize":25}',
  bodyHash: '906d1d85b3d899fc39f153fc6522a57114e45a8bc26c0b0a2de5214319a7b26f',
  sig: 'JeNDrxe87lkxl_rIppePAJC38WT-LMbB-ha6DmkKA4o',
};

describe('firma de integridad (valor conocido)', () => {
  it('el texto firmado es METHOD, ruta con consulta, ts, nonce y SHA-256 del cuerpo, uno por línea', () => {
    const text = canonicalText(EXAMPLE.method, EXAMPLE.path, EXAMPLE.ts, EXAMPLE.nonce, EXAMPLE.body);
    expect(text).toBe(`POST\n/api/usuario/search?orden=nm\n1767225600000\nAAECAwQFBgcICQoLDA0ODw\n${EXAMPLE.bodyHash}`);
  });

  it('X-Sig del ejemplo del README', () => {
    const text = canonicalText(EXAMPLE.method, EXAMPLE.path, EXAMPLE.ts, EXAMPLE.nonce, new TextEncoder().encode(EXAMPLE.body));
    expect(signature(EXAMPLE.k, text)).toBe(EXAMPLE.sig);
  });
});
