// The channel catalogue's console side: every kind has its editor page at its route (or is listed
// as having none yet), its texts, its icon and, where offered, its add button's label.
import ForumIcon from '@mui/icons-material/Forum';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../common/roles';
import { CANAL_KINDS, CANAL_NAMES, canalEditorPath, type CanalKind } from '../../../common/schemas/canales';
import { es } from '../../../src/i18n/es';
import { CANAL_SCREENS } from '../../../src/pages/canales/screens';
import { addText, kindText } from '../../../src/pages/canales/common/canalModel';
import { ConstruccionPage } from '../../../src/pages/construccion/ConstruccionPage';
import { CANAL_ICONS, canalIcon } from '../../../src/resources/canales/canalIcons';
import { APP_ROUTES } from '../../../src/routes';

/** Kinds whose route shows 'En construcción': an editor page for one takes it off this list. */
const SIN_EDITOR: readonly CanalKind[] = [];

/** The text at a dotted key of the console's Spanish catalogue. */
const text = (key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], es);

describe('catálogo de canales en la consola', () => {
  it.each(CANAL_NAMES)('%s tiene su ruta de editor, con el control del catálogo', (kind) => {
    const path = canalEditorPath(kind, ':id');
    expect(ROUTES).toContainEqual({ path, check: CANAL_KINDS[kind].check });
    const screen = CANAL_SCREENS.find((page) => page.path === path);
    const served = APP_ROUTES.find((route) => route.path === path)?.Screen;
    if (SIN_EDITOR.includes(kind)) {
      expect(screen).toBeUndefined();
      expect(served).toBe(ConstruccionPage);
    } else {
      expect(screen).toBeDefined();
      expect(served).toBe(screen);
    }
  });

  it.each(CANAL_NAMES)('%s tiene su nombre, su ícono y, si se ofrece, el texto de su botón de agregar', (kind) => {
    expect(text(kindText(kind))).toEqual(expect.stringMatching(/\S/));
    expect(CANAL_ICONS[CANAL_KINDS[kind].icon]).toBeDefined();
    expect(canalIcon(kind)).not.toBe(ForumIcon);
    if (CANAL_KINDS[kind].add) expect(text(addText(kind))).toEqual(expect.stringMatching(/\S/));
  });

  it('cada tipo tiene su propia ruta, su propio código y su propio lugar entre las rutas y los botones', () => {
    const distinct = (values: unknown[]) => expect(new Set(values).size).toBe(values.length);
    const entries = CANAL_NAMES.map((kind) => CANAL_KINDS[kind]);
    distinct(entries.map((entry) => entry.path));
    distinct(entries.map((entry) => entry.red));
    distinct(entries.map((entry) => entry.routeOrder));
    distinct(entries.flatMap((entry) => (entry.add ? [entry.add.order] : [])));
  });
});
