// Marks a plugin as applying to the instance that registers it (Fastify's documented
// 'skip-override'), so its hooks and decorators reach every route, as fastify-plugin does.
import type { App } from '../types';

export type SharedPlugin<O = Record<string, never>> = (app: App, opts: O) => Promise<void>;

export function shared<O>(name: string, plugin: SharedPlugin<O>): SharedPlugin<O> {
  Object.defineProperty(plugin, 'name', { value: name });
  (plugin as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')] = true;
  (plugin as unknown as Record<symbol, unknown>)[Symbol.for('fastify.display-name')] = name;
  return plugin;
}
