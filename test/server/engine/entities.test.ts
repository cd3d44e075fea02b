// The values a message holds (server/src/engine/entities.ts): the bot's entities and the internal ones.
import { describe, expect, it } from 'vitest';
import type { EntidadDef } from '../../../common/schemas/bots';
import { EntityExtractor, entityPath, type EntityValue } from '../../../server/src/engine/entities';

// Tuesday 10 March 2026, 10:00 in Lima (15:00 UTC).
const now = new Date('2026-03-10T15:00:00Z');
const internal = new EntityExtractor([]);
const values = (text: string, id: string, options = { now }) => internal.extract(text, options).filter((e) => e.id === id).map((e) => e.value);

function entity(over: Partial<EntidadDef> & Pick<EntidadDef, 'id' | 'nm'>): EntidadDef {
  return { dsc: null, rgx: false, format: null, keywords: [], type: null, paths: [], ...over };
}

describe('entidades internas', () => {
  it.each([
    ['mi correo es Ana.Perez@Empresa.com.pe gracias', 'ana.perez@empresa.com.pe'],
    ['escríbeme a juan_99+ventas@gmail.com.', 'juan_99+ventas@gmail.com'],
    ['CORREO: MARIA@HOTMAIL.ES', 'maria@hotmail.es'],
  ])('email: «%s» → %s', (text, value) => expect(values(text, 'email')).toEqual([value]));

  it.each(['mi correo es ana arroba gmail', 'usa @empresa en twitter', 'ana@empresa'])('email: nada en «%s»', (text) => expect(values(text, 'email')).toEqual([]));

  it.each([
    ['llámame al +51 987 654 321', '+51987654321'],
    ['mi celular es 987654321', '987654321'],
    ['tel (01) 555-1234', '015551234'],
    ['mi número es 987-654-321 por favor', '987654321'],
    ['whatsapp +34 612 34 56 78', '+34612345678'],
    ['teléfono fijo 4567890', '4567890'],
    ['mi teléfono es 45678912', '45678912'],
    ['+52 55 1234 5678', '+525512345678'],
  ])('phone: «%s» → %s', (text, value) => expect(values(text, 'phone')).toEqual([value]));

  it.each(['quiero 3 pizzas', 'mi DNI es 45678912', 'el 15-03-2026', 'cuesta S/ 1 500', 'son 1.500.000 de personas', 'RUC 20123456789'])(
    'phone: nada en «%s»',
    (text) => expect(values(text, 'phone')).toEqual([]),
  );

  it.each([
    ['quiero 3 pizzas', ['3']],
    ['son 2,5 kilos', ['2.5']],
    ['mide 2.5 metros', ['2.5']],
    ['quiero tres pizzas y veinte gaseosas', ['3', '20']],
    ['dos mil trescientos', ['2300']],
    ['ciento veinticinco personas', ['125']],
    ['treinta y uno', ['31']],
    ['1.500 unidades', ['1500']],
    ['150 mil', ['150000']],
    ['dos y medio kilos', ['2.5']],
    ['un millón', ['1000000']],
    ['una pregunta', []],
    ['mi correo es ana2026@gmail.com', []],
    ['mi DNI es 45678912', []],
    ['nos vemos el 15/03/2026', []],
    ['a las tres', []],
    ['RUC 20123456789', []],
  ])('number: «%s» → %j', (text, expected) => expect(values(text, 'number')).toEqual(expected));

  it.each([
    ['el 15/03/2026', '2026-03-15'],
    ['15-03-26', '2026-03-15'],
    ['2026-04-01', '2026-04-01'],
    ['el 20 de marzo', '2026-03-20'],
    ['el 3 de marzo de 2027', '2027-03-03'],
    ['quince de agosto del 2027', '2027-08-15'],
    ['el primero de mayo', '2026-05-01'],
    ['el 15 set 2026', '2026-09-15'],
    ['el 5 de setiembre', '2026-09-05'],
    ['hoy', '2026-03-10'],
    ['mañana', '2026-03-11'],
    ['pasado mañana', '2026-03-12'],
    ['ayer', '2026-03-09'],
    ['el lunes', '2026-03-16'],
    ['el martes', '2026-03-17'],
    ['este martes', '2026-03-10'],
    ['el próximo viernes', '2026-03-13'],
    ['el sábado que viene', '2026-03-14'],
    ['dentro de 3 días', '2026-03-13'],
    ['en dos semanas', '2026-03-24'],
    ['el viernes 20', '2026-03-20'],
    ['marzo 25', '2026-03-25'],
    ['el 12/05', '2026-05-12'],
  ])('date: «%s» → %s', (text, value) => expect(values(text, 'date')).toEqual([value]));

  it('date: un día y mes ya pasados este año son los del año que viene', () => {
    expect(values('el 3 de marzo', 'date')).toEqual(['2027-03-03']);
  });

  it('date: cuenta el día en la zona horaria pedida', () => {
    const late = new Date('2026-03-11T03:00:00Z'); // 22:00 del 10 en Lima, 04:00 del 11 en Madrid
    expect(values('hoy', 'date', { now: late })).toEqual(['2026-03-10']);
    expect(internal.extract('hoy', { now: late, timeZone: 'Europe/Madrid' })[0]!.value).toBe('2026-03-11');
  });

  it.each(['por la mañana', 'tengo 20 años', 'el 31/02/2026', 'quiero 1/2 kilo', 'tengo 3 set de platos', 'nada que ver'])('date: nada en «%s»', (text) =>
    expect(values(text, 'date')).toEqual([]),
  );

  it.each([
    ['a las 14:30', '14:30'],
    ['a las 2 pm', '14:00'],
    ['10am', '10:00'],
    ['a las 7:45 p. m.', '19:45'],
    ['a las tres', '03:00'],
    ['a las 5 de la tarde', '17:00'],
    ['a las tres de la tarde', '15:00'],
    ['a las 9 de la noche', '21:00'],
    ['a las 10 de la mañana', '10:00'],
    ['a la una y media', '01:30'],
    ['a las 8 y cuarto', '08:15'],
    ['a las 6 menos cuarto de la tarde', '17:45'],
    ['a las 15 horas', '15:00'],
    ['14h30', '14:30'],
    ['al mediodía', '12:00'],
    ['a las 12 de la noche', '00:00'],
    ['desde las 9', '09:00'],
  ])('time: «%s» → %s', (text, value) => expect(values(text, 'time')).toEqual([value]));

  it.each(['quiero las 2 pizzas', 'tengo 3 hijos', 'trabajo 8 horas', 'por la tarde', '2,30'])('time: nada en «%s»', (text) => expect(values(text, 'time')).toEqual([]));

  it('«mañana a las 5» da una fecha y una hora', () => {
    const found = internal.extract('mañana a las 5', { now });
    expect(found.map((e) => [e.id, e.value, e.text])).toEqual([
      ['date', '2026-03-11', 'mañana'],
      ['time', '05:00', 'a las 5'],
    ]);
  });

  it.each([
    ['mi DNI es 45678912', '45678912'],
    ['45678912', '45678912'],
    ['carné de extranjería 001234567', '001234567'],
    ['mi documento es el 000123456789', '000123456789'],
    ['pasaporte AB123456', 'AB123456'],
    ['mi pasaporte es el número: x1234567', 'X1234567'],
    ['mi dni es 45678912 y 987654321 es mi celular', '45678912'],
  ])('document: «%s» → %s', (text, value) => expect(values(text, 'document')).toEqual([value]));

  it.each(['mi celular es 987654321', 'tengo 123 soles', 'pasaporte vencido', 'RUC 20123456789'])('document: nada en «%s»', (text) => expect(values(text, 'document')).toEqual([]));

  it.each([
    ['RUC 20123456789', '20123456789'],
    ['mi ruc es 10456789123', '10456789123'],
    ['factura a 20601234567 por favor', '20601234567'],
  ])('ruc: «%s» → %s', (text, value) => expect(values(text, 'ruc')).toEqual([value]));

  it.each(['RUC 30123456789', 'mi número es 51987654321', 'ruc 2012345'])('ruc: nada en «%s»', (text) => expect(values(text, 'ruc')).toEqual([]));

  it.each([
    ['visita https://www.empresa.com/ruta?x=1.', 'https://www.empresa.com/ruta?x=1'],
    ['entra a www.google.com', 'www.google.com'],
    ['la web es tienda.com.pe, ahí está', 'tienda.com.pe'],
    ['http://localhost:3000/api', 'http://localhost:3000/api'],
  ])('url: «%s» → %s', (text, value) => expect(values(text, 'url')).toEqual([value]));

  it.each(['mi correo es ana@empresa.com', 'hola.como estás', 'son 2.5 kilos'])('url: nada en «%s»', (text) => expect(values(text, 'url')).toEqual([]));

  it.each([
    ['S/ 150', '150.00 PEN'],
    ['me cobraron s/.45,50', '45.50 PEN'],
    ['150 soles', '150.00 PEN'],
    ['20 dólares', '20.00 USD'],
    ['USD 35,90', '35.90 USD'],
    ['$ 1,250.75', '1250.75 USD'],
    ['veinte euros', '20.00 EUR'],
    ['€ 9,99', '9.99 EUR'],
    ['150 mil soles', '150000.00 PEN'],
    ['un dólar', '1.00 USD'],
  ])('currency: «%s» → %s', (text, value) => expect(values(text, 'currency')).toEqual([value]));

  it.each(['quiero 3 pizzas', 'el sol sale a las 6', 'tengo 20 años'])('currency: nada en «%s»', (text) => expect(values(text, 'currency')).toEqual([]));

  it('da el nombre de la entidad interna, su texto y su lugar en el mensaje', () => {
    const [found] = internal.extract('Escribe a ANA@X.COM hoy', { now }) as [EntityValue];
    expect(found).toEqual({ id: 'email', nm: 'Correo electrónico', type: 1, value: 'ana@x.com', text: 'ANA@X.COM', start: 10, end: 19 });
  });

  it('mantiene los lugares del mensaje con letras acentuadas descompuestas', () => {
    const text = 'Pasado mañana'.normalize('NFD') + ' a las 5';
    const [date, time] = internal.extract(text, { now });
    expect(date!.text).toBe('Pasado mañana'.normalize('NFD'));
    expect(time!.text).toBe('a las 5');
  });
});

describe('entidades del bot', () => {
  const ciudad = entity({ id: 'e1', nm: 'ciudad', keywords: ['Lima', 'Ciudad de México', 'Cusco', 'Bogotá'] });
  const producto = entity({ id: 'e2', nm: 'producto', keywords: ['pizza', 'pizza familiar', 'gaseosa'] });
  const nombre = entity({ id: 'e3', nm: 'nombre', rgx: true, format: '(?:me llamo|soy)\\s+([A-Za-zÁÉÍÓÚÑáéíóúñ]+)' });
  const postal = entity({ id: 'e4', nm: 'postal', rgx: true, format: '^\\d{5}$' });
  const placa = entity({ id: 'e5', nm: 'placa', rgx: true, format: '^[A-Z]{3}-\\d{3}$' });
  const extractor = new EntityExtractor([ciudad, producto, nombre, postal, placa]);
  const custom = (text: string) => extractor.extract(text, { now }).filter((e) => e.type === 0).map((e) => [e.nm, e.value, e.text]);

  it('palabras clave: palabra entera, sin mayúsculas ni tildes; el valor es la palabra como se listó', () => {
    expect(custom('Vivo en LIMA y viajo a bogota')).toEqual([
      ['ciudad', 'Lima', 'LIMA'],
      ['ciudad', 'Bogotá', 'bogota'],
    ]);
    expect(custom('soy limeño')).toEqual([['nombre', 'limeño', 'limeño']]);
  });

  it('palabras clave de varias palabras, con cualquier espacio entre ellas', () => {
    expect(custom('voy a ciudad   de mexico')).toEqual([['ciudad', 'Ciudad de México', 'ciudad   de mexico']]);
  });

  it('gana la coincidencia más larga cuando dos se solapan', () => {
    expect(custom('una Pizza Familiar y una gaseosa')).toEqual([
      ['producto', 'pizza familiar', 'Pizza Familiar'],
      ['producto', 'gaseosa', 'gaseosa'],
    ]);
  });

  it('expresión regular: el valor es su primer grupo cuando lo tiene', () => {
    expect(custom('Hola, me llamo Íñigo y quiero una pizza')).toEqual([
      ['nombre', 'Íñigo', 'Íñigo'],
      ['producto', 'pizza', 'pizza'],
    ]);
  });

  it('expresión anclada: el mensaje entero primero, después cada palabra o grupo de palabras', () => {
    expect(custom('15001')).toEqual([['postal', '15001', '15001']]);
    expect(custom('mi código postal es 15001.')).toEqual([['postal', '15001', '15001']]);
    expect(custom('la placa es ABC-123, gracias')).toEqual([['placa', 'ABC-123', 'ABC-123']]);
    expect(custom('150011')).toEqual([]);
  });

  it('una expresión que ya no compila no encuentra nada ni falla', () => {
    const broken = new EntityExtractor([entity({ id: 'x', nm: 'rota', rgx: true, format: '(abc' })]);
    expect(broken.extract('abc', { now }).filter((e) => e.type === 0)).toEqual([]);
  });

  it('junta las del bot y las internas en el orden del mensaje', () => {
    const found = extractor.extract('Pizza para mañana en Cusco', { now });
    expect(found.map((e) => [e.id, e.type, e.value])).toEqual([
      ['e2', 0, 'pizza'],
      ['date', 1, '2026-03-11'],
      ['e1', 0, 'Cusco'],
    ]);
  });
});

describe('entityPath', () => {
  const value: EntityValue = { id: 'e1', nm: 'ciudad', type: 0, value: 'Bogotá', text: 'bogota', start: 0, end: 6 };
  it('text da el valor, length su largo en caracteres, otra ruta nada', () => {
    expect(entityPath(value, 'text')).toBe('Bogotá');
    expect(entityPath(value, null)).toBe('Bogotá');
    expect(entityPath(value, 'length')).toBe(6);
    expect(entityPath(value, 'otra')).toBeUndefined();
  });
});
