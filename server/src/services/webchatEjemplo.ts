// The sample page `/webchat/ejemplo.html`: a plain shop page that embeds a web channel's widget with
// exactly the snippet a customer pastes, so the demo bot can be talked to from a web page from the
// first minute. Without a session it shows only the installation's demo channel; another channel's
// widget (?canal=) only to a signed-in user of that channel's company or a system administrator, so
// the console's origin never lends itself to any company's chat.
import type { CanalRow } from '../channels/inbound';
import { embedSnippet } from '../schemas/webchatKey';
import type { App, SessionUser } from '../types';
import { canalOfKey, sampleCanal } from './webchatPublico';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const PRODUCTS = [
  { nm: 'Chompa de alpaca', dsc: 'Tejida a mano en Puno, en gris, crudo y vicuña.', precio: 'S/ 189.00' },
  { nm: 'Café de Chanchamayo', dsc: 'Grano tostado medio, bolsa de 500 g.', precio: 'S/ 42.50' },
  { nm: 'Manta andina', dsc: 'Lana de oveja teñida con tintes naturales, 1.5 × 2 m.', precio: 'S/ 230.00' },
  { nm: 'Cacao en pasta', dsc: 'Cacao fino de aroma del Cusco, 70 %, barra de 250 g.', precio: 'S/ 28.00' },
];

const STYLE = `
  body { margin: 0; font-family: Georgia, 'Times New Roman', serif; color: #2b2118; background: #fbf7f1; line-height: 1.5; }
  a { color: #7a3b00; }
  .skip { position: absolute; left: -999px; top: 0; background: #fff; padding: 8px; }
  .skip:focus { left: 8px; }
  header, main, footer { max-width: 960px; margin: 0 auto; padding: 16px 24px; }
  header { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 8px; border-bottom: 2px solid #d9c7ad; }
  header h1 { margin: 0; font-size: 1.8rem; }
  nav ul { display: flex; gap: 16px; list-style: none; margin: 0; padding: 0; }
  .productos { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 16px; list-style: none; padding: 0; }
  .productos li { background: #fff; border: 1px solid #e4d6c3; border-radius: 8px; padding: 16px; }
  .productos h3 { margin: 0 0 4px; font-size: 1.1rem; }
  .precio { font-weight: bold; font-size: 1.1rem; }
  pre { white-space: pre-wrap; word-break: break-all; background: #fff; border: 1px solid #e4d6c3; border-radius: 8px; padding: 12px; font-size: 0.85rem; }
  .aviso { background: #fff3e0; border: 1px solid #f0c27b; border-radius: 8px; padding: 12px 16px; }
`;

export interface SamplePage {
  /** Where this server is reached (scheme, host and port) and its base path. */
  origin: string;
  basePath: string;
  /** The channel whose widget the page embeds, or none: the page then says how to have one. */
  canal?: { id: string; dsc: string };
}

/**
 * The channel the page shows: without `key`, the demo channel (the oldest active web channel whose
 * bot is deployed; none is fine, the page then says how to have one); with `key`, that web channel
 * when it is the demo channel or `user` belongs to its company (or is a system administrator).
 * 'notFound' for anything else: the same answer as a key that names no channel.
 */
export async function sampleChoice(app: App, key: string | undefined, user: () => Promise<SessionUser | null>): Promise<{ canal?: CanalRow } | 'notFound'> {
  const demo = await sampleCanal(app, undefined);
  if (!key) return { canal: demo };
  const canal = await canalOfKey(app, key);
  if (!canal) return 'notFound';
  if (demo && demo.id === canal.id) return { canal };
  const who = await user();
  return who && (who.flags.isAdmin || who.idE === canal.idE) ? { canal } : 'notFound';
}

/** The plain page every refused or unknown ?canal= gets, with a 404. */
export function sampleNotFoundHtml(): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Página no encontrada</title>
</head>
<body>
  <main>
    <h1>Página no encontrada</h1>
    <p>El canal pedido no existe o no puede mostrarse aquí. Para probar el chat de un canal de su empresa, inicie sesión en la consola y abra esta página desde allí.</p>
  </main>
</body>
</html>
`;
}

export function samplePageHtml({ origin, basePath, canal }: SamplePage): string {
  const snippet = canal ? embedSnippet(origin, basePath, canal.id) : '';
  const products = PRODUCTS.map(
    (p) => `<li><h3>${p.nm}</h3><p>${p.dsc}</p><p class="precio">${p.precio}</p></li>`,
  ).join('\n        ');
  const chat = canal
    ? `<p>¿Dudas sobre un pedido, precios u horarios? Escríbanos en el chat: el botón está en la esquina inferior derecha.</p>
      <p>Esta tienda es una página de ejemplo de Quipu. El chat es el del canal web «${escapeHtml(canal.dsc)}», insertado con el mismo código que pegaría un cliente en su sitio:</p>
      <pre><code>${escapeHtml(snippet)}</code></pre>`
    : `<p class="aviso" role="status">No hay un canal web activo con un bot desplegado. Cree uno en la consola (Canales), vincúlelo a un bot desplegado y vuelva a abrir esta página.</p>`;
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tienda Andina: página de ejemplo del chat web</title>
<style>${STYLE}</style>
</head>
<body>
  <a class="skip" href="#contenido">Saltar al contenido</a>
  <header>
    <h1>Tienda Andina</h1>
    <nav aria-label="Secciones"><ul><li><a href="#productos">Productos</a></li><li><a href="#ayuda">Ayuda</a></li></ul></nav>
  </header>
  <main id="contenido">
    <p>Productos de los Andes peruanos, enviados a todo el país.</p>
    <section aria-labelledby="productos">
      <h2 id="productos">Productos</h2>
      <ul class="productos">
        ${products}
      </ul>
    </section>
    <section aria-labelledby="ayuda">
      <h2 id="ayuda">Ayuda</h2>
      ${chat}
    </section>
  </main>
  <footer><p>Tienda Andina · Lima, Perú</p></footer>
  ${snippet}
</body>
</html>
`;
}
