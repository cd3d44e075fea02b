// Company data shaping: DD/MM/YYYY dates and the address-list entries the sign-in check accepts.
import { describe, expect, it } from 'vitest';
import { formatFecha } from '../../../src/layout/fecha';
import { isAclEntry, validateAclEntry } from '../../../src/resources/empresas/empresaModel';

const fechaCorta = (value: string | null) => formatFecha(value, 'dia');

describe('empresaModel', () => {
  it('da las fechas como DD/MM/YYYY', () => {
    expect(fechaCorta('2027-12-31')).toBe('31/12/2027');
    expect(fechaCorta('2025-03-04T15:00:00')).toBe('04/03/2025');
    expect(fechaCorta(null)).toBe('');
  });

  it.each(['10.0.0.1', '10.0.0.0/8', '192.168.1.0/255.255.255.0', '0.0.0.0/0', '2001:db8::/32', '::1', '::ffff:10.0.0.1', 'fe80::1:2:3:4/64', '1:2:3:4:5:6:7:8/128'])(
    'acepta %s',
    (entry) => expect(isAclEntry(entry)).toBe(true),
  );

  it.each(['300.1.1.1/8', '10.0.0', '10.0.0.1/33', '10.0.0.0/255.0.255.0', '2001:db8::/129', '1::2::3', '1:2:3:4:5:6:7:8:9', 'abc', '10.0.0.1/8/8', '01.2.3.4', '2001:db8::/255.0.0.0'])(
    'rechaza %s',
    (entry) => expect(isAclEntry(entry)).toBe(false),
  );

  it('el mensaje de una entrada no válida la nombra', () => {
    expect(validateAclEntry('300.1.1.1/8')).toEqual({ message: 'quipu.empresas.aclInvalida', args: { entrada: '300.1.1.1/8' } });
    expect(validateAclEntry(' ')).toBe('quipu.comun.requerido');
    expect(validateAclEntry('10.0.0.0/24')).toBeUndefined();
  });
});
