// The OpenAPI document (/api/openapi.json) and its reference page (/api/docs): every operation
// has a tag (its area) and an operationId from its route; this plugin adds what no route repeats:
// the session cookie as a security scheme and the three integrity headers of every signed write.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifySchema } from 'fastify';
import { Type } from 'typebox';
import { SIGNED_METHODS } from '../../../common/integrity';
import { SESSION_COOKIE } from '../auth/sessions';
import type { App } from '../types';
import { shared } from './shared';

/** The areas of the API, in the order the reference page lists them. */
export const API_TAGS = [
  { name: 'Sesión', description: 'Arranque, ingreso, salida y contraseñas' },
  { name: 'Usuarios', description: 'Usuarios de la consola' },
  { name: 'Empresas', description: 'Empresas y su acceso' },
  { name: 'Correo', description: 'Servidor de correo' },
  { name: 'Auditoría', description: 'Registro de auditoría' },
  { name: 'Bots', description: 'Bots, su diagrama y sus skills' },
  { name: 'Versiones', description: 'Despliegue, versiones, restauración y comparación de bots' },
  { name: 'Entidades', description: 'Entidades de los bots' },
  { name: 'Frases', description: 'Frases no reconocidas de los bots' },
  { name: 'QnA', description: 'Base de conocimiento: tags, preguntas y respuestas, y las QnA por defecto' },
  { name: 'Canales', description: 'Canales de la empresa, su bot y su activación' },
  { name: 'Conversaciones', description: 'Mensajes al bot (chat de prueba), Probar Skill y pruebas de regresión' },
  { name: 'Historial', description: 'Historial de conversaciones, su Excel e informes' },
  { name: 'Dashboard', description: "Totales, línea de tiempo y skills más usados de un bot; 'Ver uso' del diagrama" },
  { name: 'Acerca de', description: 'Versión del servidor' },
  { name: 'Operación', description: 'Salud y disponibilidad de la instancia, para balanceadores y orquestadores' },
] as const;
export type ApiTag = (typeof API_TAGS)[number]['name'];

export const SESSION_SCHEME = 'sesion';

/** The integrity headers every signed write carries, documented on each. */
export const IntegrityHeaders = Type.Object({
  'X-Ts': Type.String({ pattern: '^\\d{1,16}$', description: 'Hora del cliente en milisegundos desde 1970' }),
  'X-Nonce': Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', description: 'Valor único por solicitud' }),
  'X-Sig': Type.String({ description: 'HMAC-SHA256 de método, url, X-Ts, X-Nonce y cuerpo con la clave de /public/athena' }),
});

type Schema = FastifySchema & { security?: unknown; headers?: unknown };

export const openapiPlugin = shared('quipu-openapi', async (app: App) => {
  const { apiBase } = app.config;
  await app.register(swagger, {
    openapi: {
      info: { title: 'Quipu API', description: 'API del servidor de Quipu, consola de administración de chatbots.', version: '0.1.0' },
      servers: [{ url: apiBase }],
      tags: API_TAGS.map((t) => ({ ...t })),
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Cookie de sesión (la crea /public/athena; el ingreso la renueva)' },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const methods = [route.method].flat();
      const signed = methods.some((m) => SIGNED_METHODS.has(m)) && route.config?.integrity !== false;
      const out: Schema = { ...(schema as Schema) };
      if (signed) {
        const own = (schema as Schema)?.headers as { properties?: object } | undefined;
        out.headers = own?.properties ? Type.Object({ ...IntegrityHeaders.properties, ...own.properties }) : IntegrityHeaders;
      }
      // Signed writes need the cookie's key, and guarded routes its user.
      if (out.security === undefined) out.security = signed || route.preHandler ? [{ [SESSION_SCHEME]: [] }] : [];
      // Paths in the document are relative to the server url above.
      return { schema: out, url: url.startsWith(apiBase) ? url.slice(apiBase.length) || '/' : url };
    },
  });
  // staticCSP: the page's own Content-Security-Policy, so it works under helmet's.
  await app.register(swaggerUi, { routePrefix: `${apiBase}/docs`, staticCSP: true, uiConfig: { docExpansion: 'list', deepLinking: true } });
});
