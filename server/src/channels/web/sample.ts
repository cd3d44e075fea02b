// The sample page `/webchat/ejemplo.html`: the site of the company whose questions the demo bot
// answers (Quipu's chatbot plans, its hours, offices, payment methods and order tracking, as
// 'Asistente Quipu' tells them), embedding a web channel's widget with exactly the snippet a
// customer pastes, so the demo bot can be talked to from a web page from the first minute. Without
// a session it shows only the installation's demo channel; another channel's widget (?canal=) only
// to a signed-in user of that channel's company or a system administrator, so the console's origin
// never lends itself to any company's chat.
import type { CanalRow } from '../../conversation';
import { DEMO_PLANS } from '../../../../common/schemas/rules';
import { embedSnippet } from '../../../../common/schemas/webchatKey';
import type { App, SessionUser } from '../../types';
import { canalOfKey, sampleCanal } from './widget';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Questions the page suggests; each is one the demo bot answers with its own skill. */
export const SAMPLE_QUESTIONS = [
  '¿Qué planes tienen?',
  '¿Cuál es el horario de atención?',
  '¿Dónde están ubicados?',
  '¿Cuáles son las formas de pago?',
  'Estado de mi pedido Q-12345',
  'Me llamo Ana',
  'Cuéntame un chiste',
  'Quiero hablar con una persona',
] as const;

// What the page says about hours, offices and payments is what the demo bot answers to them.
const HOURS: ReadonlyArray<[string, string]> = [
  ['Lunes a viernes', '8:00 a 20:00'],
  ['Sábados', '9:00 a 13:00'],
  ['Domingos y feriados', 'Por el chat, a cualquier hora'],
];
const MAIN_OFFICE = {
  name: 'Sede principal, San Isidro (Lima)',
  address: 'Calle Las Begonias 441, piso 6',
  map: 'https://www.openstreetmap.org/search?query=Calle%20Las%20Begonias%20441%20San%20Isidro%20Lima',
};
const OTHER_OFFICES = ['Bogotá', 'Ciudad de México', 'Madrid'];
const PAYMENTS = [
  'Tarjetas de crédito y débito: Visa, Mastercard y American Express',
  'Transferencia bancaria',
  'PayPal',
  'En Perú, también Yape y Plin',
  'Los planes anuales se pagan hasta en 12 cuotas',
];

/** A plan's subtitle ('S/ 99 al mes: 1 bot y …') as its price and what it includes. */
function planParts(subtitle: string): { price: string; includes: string } {
  const at = subtitle.indexOf(': ');
  if (at < 0) return { price: subtitle, includes: '' };
  const includes = subtitle.slice(at + 2);
  return { price: subtitle.slice(0, at), includes: includes.charAt(0).toUpperCase() + includes.slice(1) };
}

// Colours meet WCAG AA contrast (4.5:1) on their backgrounds; the bottom padding keeps the chat's
// floating button off the footer's text.
const STYLE = `
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1f1b2e; background: #f7f5fb; line-height: 1.55; }
  a { color: #4527a0; }
  a:focus-visible { outline: 3px solid #ffab00; outline-offset: 2px; }
  .skip { position: absolute; left: -999px; top: 0; z-index: 10; background: #fff; color: #4527a0; padding: 8px 12px; }
  .skip:focus { left: 8px; top: 8px; }
  .marco { max-width: 1040px; margin: 0 auto; padding: 0 24px; }
  .cabecera { background: #4527a0; color: #fff; }
  .barra { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px 24px; padding-top: 14px; padding-bottom: 14px; }
  .marca { margin: 0; font-size: 1.5rem; font-weight: 700; letter-spacing: 0.02em; }
  .cabecera nav ul { display: flex; flex-wrap: wrap; gap: 4px 18px; list-style: none; margin: 0; padding: 0; }
  .cabecera nav a { color: #fff; text-decoration: none; font-weight: 500; }
  .cabecera nav a:hover { text-decoration: underline; }
  .portada { background: #4527a0; color: #fff; padding: 32px 0 48px; }
  .portada h1 { margin: 0 0 12px; font-size: clamp(1.8rem, 5vw, 2.6rem); line-height: 1.2; max-width: 24ch; }
  .portada p { margin: 0 0 12px; max-width: 60ch; font-size: 1.1rem; }
  .portada .pista { display: inline-block; margin-top: 8px; background: #fff; color: #311b92; border-radius: 10px; padding: 10px 14px; font-size: 1rem; }
  main section { padding: 40px 0 8px; }
  h2 { margin: 0 0 8px; font-size: 1.6rem; line-height: 1.25; }
  h3 { margin: 0; font-size: 1.15rem; }
  .intro { margin: 0 0 20px; color: #4a4458; max-width: 65ch; }
  .planes { display: grid; grid-template-columns: repeat(auto-fit, minmax(230px, 1fr)); gap: 16px; list-style: none; margin: 0; padding: 0; }
  .plan { display: flex; flex-direction: column; gap: 8px; background: #fff; border: 1px solid #ddd5ef; border-radius: 14px; padding: 20px; box-shadow: 0 2px 8px rgba(49, 27, 146, 0.06); }
  .plan p { margin: 0; }
  .precio { font-size: 1.6rem; font-weight: 700; color: #4527a0; }
  .contratar { margin-top: auto; padding-top: 8px; border-top: 1px solid #ece7f6; font-size: 0.95rem; color: #4a4458; }
  .datos { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 16px; margin-top: 40px; }
  .datos section { padding: 0; }
  .caja { height: 100%; background: #fff; border: 1px solid #ddd5ef; border-radius: 14px; padding: 20px; }
  .caja h2 { font-size: 1.2rem; }
  .caja ul { margin: 8px 0 0; padding-left: 20px; }
  .caja p { margin: 8px 0 0; }
  .horario { margin: 8px 0 0; }
  .horario dt { font-weight: 600; }
  .horario dd { margin: 0 0 8px; }
  .nota { color: #4a4458; font-size: 0.95rem; }
  .codigo { font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace; font-weight: 600; background: #ede7f6; color: #311b92; border-radius: 6px; padding: 1px 6px; }
  .preguntas { display: flex; flex-wrap: wrap; gap: 8px; list-style: none; margin: 12px 0 16px; padding: 0; }
  .preguntas li { background: #ede7f6; color: #311b92; border-radius: 999px; padding: 6px 14px; }
  pre { white-space: pre-wrap; word-break: break-all; background: #fff; border: 1px solid #ddd5ef; border-radius: 10px; padding: 12px; font-size: 0.85rem; }
  .aviso { background: #fff3e0; color: #4e342e; border: 1px solid #f0c27b; border-radius: 10px; padding: 12px 16px; }
  footer { margin-top: 40px; border-top: 1px solid #ddd5ef; background: #fff; color: #4a4458; }
  footer p { margin: 0; padding: 20px 0 96px; }
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
  const plans = DEMO_PLANS.map((plan) => {
    const { price, includes } = planParts(plan.subtitle);
    const order = canal ? `<p class="contratar">Para contratarlo, escriba en el chat «Quiero contratar el plan ${escapeHtml(plan.nm)}».</p>` : '';
    return `<li class="plan"><h3>Plan ${escapeHtml(plan.nm)}</h3><p class="precio">${escapeHtml(price)}</p>${includes ? `<p>${escapeHtml(includes)}</p>` : ''}${order}</li>`;
  }).join('\n          ');
  const hours = HOURS.map(([days, time]) => `<dt>${days}</dt><dd>${time}</dd>`).join('');
  const payments = PAYMENTS.map((p) => `<li>${p}</li>`).join('');
  const invitation = canal
    ? `<p class="pista">¿Dudas? Pregúntele al Asistente Quipu en el chat: el botón «Abrir chat» está en la esquina inferior derecha.</p>`
    : '';
  const tracking = canal
    ? `<p>Escriba en el chat «Estado de mi pedido <span class="codigo">Q-12345</span>» con el código de su pedido y el Asistente Quipu le dirá en qué estado está y su fecha de entrega.</p>`
    : `<p>Cada pedido tiene un código con la forma <span class="codigo">Q-12345</span>: una Q, un guion y cinco dígitos. Téngalo a mano al consultarlo.</p>`;
  const help = canal
    ? `<p>El Asistente Quipu responde al momento, a cualquier hora. Pruebe a escribirle:</p>
        <ul class="preguntas" aria-label="Preguntas de ejemplo">
          ${SAMPLE_QUESTIONS.map((q) => `<li>«${escapeHtml(q)}»</li>`).join('\n          ')}
        </ul>
        <p>Esta es una página de ejemplo de Quipu. El chat es el del canal web «${escapeHtml(canal.dsc)}», insertado con el mismo código que pegaría un cliente en su sitio:</p>
        <pre><code>${escapeHtml(snippet)}</code></pre>`
    : `<p class="aviso" role="status">No hay un canal web activo con un bot desplegado. Cree uno en la consola (Canales), vincúlelo a un bot desplegado y vuelva a abrir esta página.</p>`;
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="Quipu: chatbots en español para atender a sus clientes. Planes, horario, sedes, formas de pago y seguimiento de pedidos.">
<title>Quipu, chatbots para su empresa: página de ejemplo del chat web</title>
<style>${STYLE}</style>
</head>
<body>
  <a class="skip" href="#contenido">Saltar al contenido</a>
  <header class="cabecera">
    <div class="marco barra">
      <p class="marca">Quipu</p>
      <nav aria-label="Secciones">
        <ul><li><a href="#planes">Planes</a></li><li><a href="#horario">Horario</a></li><li><a href="#sedes">Sedes</a></li><li><a href="#pagos">Pagos</a></li><li><a href="#pedidos">Pedidos</a></li><li><a href="#ayuda">Ayuda</a></li></ul>
      </nav>
    </div>
  </header>
  <main id="contenido" tabindex="-1">
    <div class="portada">
      <div class="marco">
        <h1>Chatbots que atienden a sus clientes en español</h1>
        <p>Quipu responde en su sitio web, WhatsApp, Slack y Telegram a cualquier hora, y pasa la conversación a una persona de su equipo cuando hace falta.</p>
        ${invitation}
      </div>
    </div>
    <div class="marco">
      <section id="planes" aria-labelledby="planes-titulo">
        <h2 id="planes-titulo">Planes y precios</h2>
        <p class="intro">Tres planes mensuales. Todos incluyen soporte por chat y correo, y se pueden cambiar cuando quiera.</p>
        <ul class="planes">
          ${plans}
        </ul>
      </section>
      <div class="datos">
        <section id="horario" aria-labelledby="horario-titulo">
          <div class="caja">
            <h2 id="horario-titulo">Horario de atención</h2>
            <dl class="horario">${hours}</dl>
            <p class="nota">Hora de Lima.</p>
          </div>
        </section>
        <section id="sedes" aria-labelledby="sedes-titulo">
          <div class="caja">
            <h2 id="sedes-titulo">Sedes</h2>
            <p><strong>${MAIN_OFFICE.name}</strong><br>${MAIN_OFFICE.address}</p>
            <p><a href="${escapeHtml(MAIN_OFFICE.map)}" rel="noopener noreferrer">Ver la sede principal en el mapa</a></p>
            <p>También tenemos oficinas en ${OTHER_OFFICES.slice(0, -1).join(', ')} y ${OTHER_OFFICES[OTHER_OFFICES.length - 1]}.</p>
          </div>
        </section>
        <section id="pagos" aria-labelledby="pagos-titulo">
          <div class="caja">
            <h2 id="pagos-titulo">Formas de pago</h2>
            <ul>${payments}</ul>
          </div>
        </section>
        <section id="pedidos" aria-labelledby="pedidos-titulo">
          <div class="caja">
            <h2 id="pedidos-titulo">Seguimiento de pedidos</h2>
            ${tracking}
          </div>
        </section>
      </div>
      <section id="ayuda" aria-labelledby="ayuda-titulo">
        <h2 id="ayuda-titulo">Ayuda</h2>
        ${help}
      </section>
    </div>
  </main>
  <footer>
    <div class="marco"><p>Quipu, de Demo Internacional · ${MAIN_OFFICE.address}, San Isidro, Lima, Perú</p></div>
  </footer>
  ${snippet}
</body>
</html>
`;
}
