// The channel catalogue's server side: every kind has its adapter folder, registered in
// channels/index.ts, or is listed here as having none yet; and its label in the history.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CANAL_KINDS, CANAL_NAMES, type CanalKind } from '../../common/schemas/canales';
import { channelCodeLabel } from '../../common/schemas/historial';
import { CHANNEL_ADAPTERS } from '../../server/src/channels';

const channels = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/src/channels');
/** The adapter folder of a kind: server/src/channels/<kind in lower case>. */
const folderOf = (kind: CanalKind) => path.join(channels, kind.toLowerCase());

/** Kinds without an adapter yet: adding one takes its kind off this list. */
const SIN_ADAPTADOR: readonly CanalKind[] = [];

describe('catálogo de canales en el servidor', () => {
  it.each(CANAL_NAMES)('%s tiene su carpeta de adaptador registrada, o figura como sin adaptador todavía', (kind) => {
    const adapter = CHANNEL_ADAPTERS[kind];
    if (SIN_ADAPTADOR.includes(kind)) {
      expect(adapter).toBeUndefined();
      expect(fs.existsSync(folderOf(kind))).toBe(false);
      return;
    }
    expect(fs.existsSync(path.join(folderOf(kind), 'index.ts'))).toBe(true);
    expect(adapter?.kind).toBe(kind);
  });

  it('cada carpeta de channels/ y cada adaptador registrado es de un tipo del catálogo', () => {
    const folders = fs.readdirSync(channels, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.sort()).toEqual(CANAL_NAMES.filter((kind) => !SIN_ADAPTADOR.includes(kind)).map((kind) => kind.toLowerCase()).sort());
    expect(Object.keys(CHANNEL_ADAPTERS).every((kind) => Object.hasOwn(CANAL_KINDS, kind))).toBe(true);
  });

  it.each(CANAL_NAMES)('%s tiene su nombre en el historial', (kind) => {
    expect(CANAL_KINDS[kind].label).toMatch(/\S/);
    expect(channelCodeLabel(CANAL_KINDS[kind].red)).toBe(CANAL_KINDS[kind].label);
  });
});
