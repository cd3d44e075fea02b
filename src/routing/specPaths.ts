// Where each resource lives: the list at its plural path, and one
// singular path for the form, where 'new' creates: /usuarios, /usuario/{id}, /usuario/new.
//
// react-admin builds every link and redirect as /{resource}, /{resource}/create and
// /{resource}/{id} (ra-core useCreatePath, which cannot be configured). Rather than hand each
// button its own `to`, the console's router provider (specRouterProvider.tsx) passes every path
// react-admin links or navigates to through toSpecPath, and App registers the singular form paths
// as custom routes. A resource named after its list path needs only a `form` entry here; one
// whose list path differs (bots at /bot) also gets its list route from App (listRoute).
export const RESOURCE_PATHS = [
  { resource: 'usuarios', list: '/usuarios', form: '/usuario' },
  { resource: 'empresas', list: '/empresas', form: '/empresa' },
  { resource: 'auditoria', list: '/auditoria' },
  { resource: 'bots', list: '/bot', form: '/bot' },
  // Skills have no list of their own: the bot's diagram lists them and opens /skill/{id}.
  { resource: 'skills', list: '/skills', form: '/skill' },
  // Channels: the list at /canal; each kind's editor is a page of its own at its catalogue path (src/routes.tsx).
  { resource: 'canales', list: '/canal' },
] as const;

const FORM_PATHS: Record<string, string> = Object.fromEntries(
  RESOURCE_PATHS.flatMap((entry) => ('form' in entry ? [[entry.resource, entry.form]] : [])),
);

/** The react-router pattern of a resource's form ('/usuario/:id'), if it has one. */
export const formRoute = (resource: string): string | undefined => (FORM_PATHS[resource] ? `${FORM_PATHS[resource]}/:id` : undefined);

const LIST_PATHS: Record<string, string> = Object.fromEntries(
  RESOURCE_PATHS.filter((entry) => entry.list !== `/${entry.resource}`).map((entry) => [entry.resource, entry.list]),
);

/** The list's path when it is not the resource's name ('bots' → '/bot'), for App's custom route. */
export const listRoute = (resource: string): string | undefined => LIST_PATHS[resource];

/** Whether a path of roles.ts ROUTES belongs to a resource rather than to a custom page. */
export const isResourcePath = (path: string): boolean =>
  RESOURCE_PATHS.some((entry) => entry.list === path || ('form' in entry && `${entry.form}/:id` === path));

/** '/usuarios/create' → '/usuario/new', '/usuarios/5?x=1' → '/usuario/5?x=1', '/bots' → '/bot'; any other path as it is. */
export function toSpecPath(path: string): string {
  const list = /^\/([^/?#]+)\/?([?#].*)?$/.exec(path);
  if (list && LIST_PATHS[list[1]]) return `${LIST_PATHS[list[1]]}${list[2] ?? ''}`;
  const match = /^\/([^/?#]+)\/([^/?#]+)([?#].*)?$/.exec(path);
  const form = match ? FORM_PATHS[match[1]] : undefined;
  if (!match || !form) return path;
  return `${form}/${match[2] === 'create' ? 'new' : match[2]}${match[3] ?? ''}`;
}
