// The Spanish catalogue: key parity with ra-language-english, nothing empty, nothing left in
// English, the same placeholders and plural forms.
import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { es } from '../../../src/i18n/es';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((all, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? { ...all, [path]: value } : { ...all, ...flatten(value, path) };
  }, {});
}

const english = flatten({ ra: englishMessages.ra } as Tree);
const spanish = flatten({ ra: es.ra } as Tree);
const app = flatten({ quipu: es.quipu } as Tree);

// Words and patterns that read the same in both languages.
const SAME_IN_BOTH = new Set([
  'ra.boolean.false',
  'ra.boolean.null',
  'ra.message.no',
  'ra.page.dashboard',
  'ra.page.edit',
  'ra.page.list',
  'ra.page.show',
  'ra.configurable.inspector.title',
]);

describe('catálogo es', () => {
  it('tiene exactamente las mismas claves que ra-language-english, recursivamente', () => {
    expect(Object.keys(spanish).sort()).toEqual(Object.keys(english).sort());
    expect(Object.keys(english)).toHaveLength(164);
  });

  it('no tiene valores vacíos (ra.boolean.null es el blanco de un booleano nulo, como en inglés)', () => {
    const empty = Object.entries({ ...spanish, ...app }).filter(([key, value]) => key !== 'ra.boolean.null' && !value.trim());
    expect(empty).toEqual([]);
    expect(spanish['ra.boolean.null']).toBe(' ');
  });

  it('no deja textos en inglés', () => {
    const untranslated = Object.keys(english).filter((key) => !SAME_IN_BOTH.has(key) && spanish[key] === english[key]);
    expect(untranslated).toEqual([]);
  });

  it('conserva los marcadores %{...} y las formas de plural ||||', () => {
    const placeholders = (text: string) => (text.match(/%\{\w+\}/g) ?? []).sort();
    const plurals = (text: string) => text.split('||||').length;
    for (const key of Object.keys(english)) {
      expect({ key, placeholders: placeholders(spanish[key]) }).toEqual({ key, placeholders: placeholders(english[key]) });
      expect({ key, forms: plurals(spanish[key]) }).toEqual({ key, forms: plurals(english[key]) });
    }
  });

  it("usa los textos de la spec con sus tildes: 'Salir', 'Acerca de', 'Derechos reservados - {año}'", () => {
    expect(spanish['ra.auth.logout']).toBe('Salir');
    expect(app['quipu.about.titulo']).toBe('Acerca de');
    // The spec's form with the year of the build, as the footer's copyright has it.
    expect(app['quipu.about.derechos']).toBe('Derechos reservados - %{anio}');
    expect(app['quipu.userMenu.cambiarPassword']).toBe('Cambiar contraseña');
  });
});
