// Every domain route plugin, registered under the API base by app.ts.
import type { App } from '../types';

export type RoutePlugin = (app: App) => Promise<void>;

export const routePlugins: RoutePlugin[] = [];
