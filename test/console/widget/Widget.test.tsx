/** @jsxImportSource preact */
// The web chat widget's view: every chat message type, buttons that answer the bot, the keyboard,
// the live region that reads new bot messages, the channel's appearance, and the files a visitor
// attaches.
import { screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { botEntry, renderWidget } from './widgetSupport';

describe('el widget del chat web', () => {
  it('muestra el botón flotante y abre la ventana con el título, la bienvenida y el campo rotulado', async () => {
    const user = userEvent.setup();
    renderWidget({ headerTitle: 'Tienda Andina', welcomeMessage: '¡Bienvenido a la tienda!', placeholder: 'Pregunte aquí' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Abrir chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tienda Andina' });
    expect(within(dialog).getByRole('heading', { name: 'Tienda Andina' })).toBeVisible();
    expect(within(dialog).getByText('¡Bienvenido a la tienda!')).toBeVisible();
    const input = within(dialog).getByRole('textbox', { name: 'Mensaje' });
    expect(input).toHaveAttribute('placeholder', 'Pregunte aquí');
    await waitFor(() => expect(input).toHaveFocus());
  });
});

describe('los mensajes del bot', () => {
  const open = { open: true };

  it('muestra un texto, una imagen, una card con sus botones, un carrusel y un mensaje con botones', () => {
    renderWidget({}, {
      entries: [
        botEntry({ type: 'TEXT', text: '¡Hola! ¿En qué le ayudo?' }),
        botEntry({ type: 'IMAGE', image_url: 'https://example.com/mapa.png', title: 'Mapa de la tienda' }),
        botEntry({ type: 'CARD', title: 'Plan Pro', subtitle: 'S/ 90 al mes', image_url: 'https://example.com/pro.png', buttons: [{ type: 'POSTBACK', title: 'Lo quiero', value: 'pro' }] }),
        botEntry({
          type: 'CAROUSEL',
          carousel: [
            { title: 'Plan Básico', subtitle: 'S/ 50', buttons: [{ type: 'POSTBACK', title: 'Quiero el básico', value: 'basico' }] },
            { title: 'Plan Empresa', subtitle: 'A medida', buttons: [{ type: 'WEB_URL', title: 'Detalles', value: 'https://example.com/empresa' }] },
          ],
        }),
        botEntry({ type: 'BUTTON', title: 'Elija una opción', buttons: [{ type: 'CALL', title: 'Llamar', value: '+51 1 555-0100' }] }),
      ],
    }, open);
    const log = screen.getByRole('log', { name: 'Mensajes' });
    expect(within(log).getByText('¡Hola! ¿En qué le ayudo?')).toBeVisible();
    expect(within(log).getByRole('img', { name: 'Mapa de la tienda' })).toHaveAttribute('src', 'https://example.com/mapa.png');
    expect(within(log).getByRole('img', { name: 'Plan Pro' })).toHaveAttribute('src', 'https://example.com/pro.png');
    expect(within(log).getByText('S/ 90 al mes')).toBeVisible();
    expect(within(log).getByRole('button', { name: 'Lo quiero' })).toBeVisible();
    const carousel = within(log).getByRole('list', { name: 'Opciones' });
    expect(within(carousel).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['1 / 2', '2 / 2']);
    expect(within(carousel).getByText('Plan Básico')).toBeVisible();
    const link = within(carousel).getByRole('link', { name: 'Detalles' });
    expect(link).toHaveAttribute('href', 'https://example.com/empresa');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(log).getByRole('button', { name: 'Siguiente' })).toBeVisible();
    expect(within(log).getByText('Elija una opción')).toBeVisible();
    expect(within(log).getByRole('link', { name: 'Llamar' })).toHaveAttribute('href', 'tel:+5115550100');
  });

  it('un enlace con otra cosa que http, https, tel: o mailto: no se abre', () => {
    renderWidget({}, { entries: [botEntry({ type: 'BUTTON', title: 'Ver', buttons: [
      { type: 'WEB_URL', title: 'Abrir', value: 'javascript:alert(1)' },
      { type: 'WEB_URL', title: 'Datos', value: 'data:text/html,<b>x</b>' },
      { type: 'WEB_URL', title: 'Correo', value: 'mailto:hola@tienda.test' },
      { type: 'WEB_URL', title: 'Fono', value: 'tel:+5115550100' },
    ] })] }, open);
    expect(screen.getByText('Abrir').closest('a')).not.toHaveAttribute('href');
    expect(screen.getByText('Datos').closest('a')).not.toHaveAttribute('href');
    expect(screen.getByText('Correo').closest('a')).toHaveAttribute('href', 'mailto:hola@tienda.test');
    expect(screen.getByText('Fono').closest('a')).toHaveAttribute('href', 'tel:+5115550100');
  });

  it('un botón POSTBACK envía su valor con su título, y las respuestas rápidas desaparecen al contestar', async () => {
    const user = userEvent.setup();
    const quick = botEntry({ type: 'BUTTON', title: '¿Algo más?', quick: true, buttons: [{ type: 'POSTBACK', title: 'Ver precios', value: 'precios' }, { type: 'POSTBACK', title: 'No, gracias', value: 'no' }] });
    const { chat } = renderWidget({}, { entries: [botEntry({ type: 'CARD', title: 'Plan Pro', buttons: [{ type: 'POSTBACK', title: 'Lo quiero', value: 'skill-pro' }] }), quick] }, open);
    await user.click(screen.getByRole('button', { name: 'Lo quiero' }));
    expect(chat.sent).toEqual([{ postback: 'skill-pro', title: 'Lo quiero' }]);
    const group = screen.getByRole('group', { name: 'Respuestas rápidas' });
    await user.click(within(group).getByRole('button', { name: 'Ver precios' }));
    expect(chat.sent[1]).toEqual({ postback: 'precios', title: 'Ver precios' });
    chat.set({ entries: [...chat.state().entries, { from: 'user', id: 'u1', text: 'Ver precios' }] });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Respuestas rápidas' })).toBeNull());
  });
});

describe('el teclado y los lectores de pantalla', () => {
  it('Enter envía lo escrito y vacía el campo; un texto en blanco no se envía', async () => {
    const user = userEvent.setup();
    const { chat } = renderWidget({}, {}, { open: true });
    const input = screen.getByRole('textbox', { name: 'Mensaje' });
    await user.type(input, '   {Enter}');
    expect(chat.sent).toEqual([]);
    await user.type(input, 'cuánto cuesta{Enter}');
    expect(chat.sent).toEqual([{ text: 'cuánto cuesta' }]);
    expect(input).toHaveValue('');
  });

  it('Tab recorre el botón de cerrar, el campo y Enviar; Escape cierra y devuelve el foco al botón flotante', async () => {
    const user = userEvent.setup();
    renderWidget({ welcomeMessage: 'Hola', showCloseWelcome: true });
    await user.click(screen.getByRole('button', { name: 'Abrir chat' }));
    const input = screen.getByRole('textbox', { name: 'Mensaje' });
    await waitFor(() => expect(input).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Enviar' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cerrar chat', expanded: true })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Abrir chat' })).toHaveFocus());
  });

  it('anuncia los mensajes nuevos del bot en una región aria-live polite, no los del visitante', async () => {
    const { chat } = renderWidget({}, { entries: [botEntry({ type: 'TEXT', text: 'Primero' })] }, { open: true });
    const live = document.querySelector('[aria-live="polite"]') as HTMLElement;
    expect(live).toHaveTextContent('');
    chat.set({ entries: [...chat.state().entries, { from: 'user', id: 'u1', text: 'hola' }] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(live).toHaveTextContent('');
    chat.set({ entries: [...chat.state().entries, botEntry({ type: 'BUTTON', title: '¿Le ayudo?', buttons: [{ type: 'POSTBACK', title: 'Sí', value: 's' }] })] });
    await waitFor(() => expect(live).toHaveTextContent('Asistente Quipu: ¿Le ayudo?. Sí'));
    // Two messages one after the other are both read out.
    chat.set({ entries: [...chat.state().entries, botEntry({ type: 'TEXT', text: 'Segundo' })] });
    chat.set({ entries: [...chat.state().entries, botEntry({ type: 'IMAGE', image_url: 'https://example.com/a.png' })] });
    await waitFor(() => expect([...live.querySelectorAll('p')].map((p) => p.textContent).slice(-3)).toEqual(['Asistente Quipu: ¿Le ayudo?. Sí', 'Asistente Quipu: Segundo', 'Asistente Quipu: Imagen']));
    expect(screen.getByRole('log', { name: 'Mensajes' })).toHaveAttribute('aria-live', 'off');
  });
});

describe('la apariencia del canal y sus avisos', () => {
  it('usa el ícono flotante, los avatares y cierra la bienvenida con su botón', async () => {
    const user = userEvent.setup();
    const { container } = renderWidget(
      { floatingIcon: 'https://example.com/icono.png', fullFloatingIcon: true, botAvatar: 'https://example.com/bot.png', hideUserAvatar: false, welcomeMessage: 'Bienvenido', welcomeHeight: 90, width: '400px', theme: { botBubbleColor: 'rgba(1, 2, 3, 1)' } },
      { entries: [botEntry({ type: 'TEXT', text: 'Hola' }), { from: 'user', id: 'u1', text: 'Buenas' }] },
    );
    const fab = screen.getByRole('button', { name: 'Abrir chat' });
    expect(fab).toHaveClass('qw-fab--full');
    expect(fab.querySelector('img')).toHaveAttribute('src', 'https://example.com/icono.png');
    const root = container.querySelector('.qw') as HTMLElement;
    expect(root.style.getPropertyValue('--qw-w')).toBe('400px');
    expect(root.style.getPropertyValue('--qw-welcome-h')).toBe('90px');
    expect(root.style.getPropertyValue('--qw-bot-bg')).toBe('rgba(1, 2, 3, 1)');
    await user.click(fab);
    expect(container.querySelector('.qw-row img.qw-avatar')).toHaveAttribute('src', 'https://example.com/bot.png');
    expect(container.querySelector('.qw-row--user .qw-avatar')).toHaveTextContent('U');
    await user.click(screen.getByRole('button', { name: 'Cerrar mensaje de bienvenida' }));
    await waitFor(() => expect(screen.queryByText('Bienvenido')).toBeNull());
  });

  it('una bienvenida larga se muestra entera y en varias líneas: el banner crece con el texto y parte las palabras largas, sin recortar ni desplazar a los lados', () => {
    const long =
      '¡Bienvenido a Quipu! Le atiende el Asistente Quipu de lunes a domingo. Pregunte por nuestros planes, el horario, las sedes o el estado de su pedido.\n' +
      'Consulte también https://quipu.example/ayuda/preguntasfrecuentessobreplanesyformasdepagoparaempresas';
    const { container } = renderWidget({ floating: false, welcomeMessage: long, welcomeHeight: 40 });
    const text = screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === long);
    expect(text).toBeVisible();
    const banner = container.querySelector('.qw-welcome') as HTMLElement;
    expect(banner).toContainElement(text);
    const bannerStyle = getComputedStyle(banner);
    // welcomeHeight is the banner's least height, never a cap that cuts the text.
    expect(bannerStyle.height).toBe('auto');
    expect(bannerStyle.minHeight).toBe('var(--qw-welcome-h, 60px)');
    expect(bannerStyle.overflowX).toBe('hidden');
    const textStyle = getComputedStyle(text);
    expect(textStyle.whiteSpace).toBe('pre-line');
    expect(textStyle.overflowWrap).toBe('anywhere');
  });

  it('sin botón flotante (floating false) la ventana queda abierta y sin botón de cerrar; los avatares ocultos no se dibujan', () => {
    const { container } = renderWidget({ floating: false, hideBotAvatar: true }, { entries: [botEntry({ type: 'TEXT', text: 'Hola' })] });
    expect(screen.getByRole('dialog', { name: 'Asistente Quipu' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Abrir chat' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cerrar chat' })).toBeNull();
    expect(container.querySelector('.qw-avatar')).toBeNull();
  });

  it('un canal que rechaza muestra su aviso como alerta y deshabilita el campo, sin ofrecer reintentar', () => {
    renderWidget({}, { status: 'refused', notice: 'Este canal no está disponible en este momento.', entries: [{ from: 'user', id: 'u1', text: 'hola', failed: true }] }, { open: true });
    expect(screen.getByRole('alert')).toHaveTextContent('Este canal no está disponible en este momento.');
    expect(screen.getByRole('textbox', { name: 'Mensaje' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    expect(screen.getByText('No se pudo enviar.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('sin conexión por un momento dice que se está reconectando, y un mensaje no enviado se puede reintentar', async () => {
    const user = userEvent.setup();
    const { chat } = renderWidget({}, { status: 'offline', entries: [{ from: 'user', id: 'u1', text: 'hola', failed: true }] }, { open: true });
    expect(screen.getByRole('alert')).toHaveTextContent('Reconectando con el chat…');
    const retry = vi.spyOn(chat, 'retry');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(retry).toHaveBeenCalledWith('u1');
  });

  it("de vuelta tras perder la conexión dice 'Conexión recuperada.' como estado, no como alerta", async () => {
    const { chat } = renderWidget({}, { status: 'ready', recovered: true }, { open: true });
    expect(screen.getByRole('status')).toHaveTextContent('Conexión recuperada.');
    expect(screen.queryByRole('alert')).toBeNull();
    chat.set({ recovered: false });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(''));
  });
});

describe('los archivos del visitante', () => {
  const MB = 1024 * 1024;
  const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
  const chooser = () => screen.getByLabelText('Elegir archivos para adjuntar') as HTMLInputElement;
  const chips = () => within(screen.getByRole('list', { name: 'Archivos adjuntos' })).getAllByRole('listitem').map((li) => li.textContent?.replace('×', ''));

  it("'Adjuntar archivos' abre el selector; los archivos elegidos se ven sobre el campo, 'Quitar <nombre>' quita uno y Enviar manda el texto con los demás", async () => {
    const user = userEvent.setup();
    const { chat } = renderWidget({}, {}, { open: true });
    const attach = screen.getByRole('button', { name: 'Adjuntar archivos' });
    expect(attach).toHaveAttribute('type', 'button');
    expect(attach.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    const input = chooser();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('multiple');
    const opened = vi.spyOn(input, 'click');
    await user.click(attach);
    expect(opened).toHaveBeenCalledOnce();
    const factura = file('factura.pdf');
    const foto = file('foto.jpg');
    await user.upload(input, [factura, file('borrador.docx'), foto]);
    expect(chips()).toEqual(['factura.pdf', 'borrador.docx', 'foto.jpg']);
    await user.click(screen.getByRole('button', { name: 'Quitar borrador.docx' }));
    expect(chips()).toEqual(['factura.pdf', 'foto.jpg']);
    expect(screen.getByRole('textbox', { name: 'Mensaje' })).toHaveFocus();
    await user.type(screen.getByRole('textbox', { name: 'Mensaje' }), 'mis documentos');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(chat.sent).toEqual([{ text: 'mis documentos', files: [factura, foto] }]);
    expect(screen.queryByRole('list', { name: 'Archivos adjuntos' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Mensaje' })).toHaveValue('');
  });

  it('archivos sin texto son un mensaje (Enter lo envía); sin texto ni archivos no se envía nada', async () => {
    const user = userEvent.setup();
    const { chat } = renderWidget({}, {}, { open: true });
    const input = screen.getByRole('textbox', { name: 'Mensaje' });
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await user.type(input, '{Enter}');
    expect(chat.sent).toEqual([]);
    const cv = file('cv.pdf');
    await user.upload(chooser(), cv);
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled();
    await user.type(input, '{Enter}');
    expect(chat.sent).toEqual([{ text: '', files: [cv] }]);
    await user.type(input, '{Enter}');
    expect(chat.sent).toHaveLength(1);
  });

  it('un sexto archivo, uno de 6 MB y uno vacío muestran su aviso y no se agregan', async () => {
    const user = userEvent.setup();
    renderWidget({}, {}, { open: true });
    await user.upload(chooser(), [file('1.pdf'), file('2.pdf'), file('3.pdf'), file('4.pdf'), file('justo.pdf', 5 * MB)]);
    expect(chips()).toHaveLength(5);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.upload(chooser(), file('6.pdf'));
    expect(screen.getByRole('alert')).toHaveTextContent('Se pueden adjuntar hasta 5 archivos por mensaje');
    await user.click(screen.getByRole('button', { name: 'Quitar 4.pdf' }));
    await user.upload(chooser(), [file('grande.pdf', 6 * MB), file('vacio.txt', 0)]);
    const alert = screen.getByRole('alert');
    expect([...alert.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['El archivo "grande.pdf" supera los 5 MB', 'El archivo "vacio.txt" está vacío']);
    expect(chips()).toEqual(['1.pdf', '2.pdf', '3.pdf', 'justo.pdf']);
    await user.upload(chooser(), file('5.pdf', 5 * MB + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('El archivo "5.pdf" supera los 5 MB');
    expect(chips()).toHaveLength(4);
  });

  it('la burbuja del visitante muestra su texto y una línea por archivo; un canal que rechaza no deja adjuntar', () => {
    renderWidget({}, {
      status: 'refused',
      notice: 'Este canal no está disponible en este momento.',
      entries: [{ from: 'user', id: 'u1', text: 'mis documentos', files: ['factura.pdf', 'foto.jpg'] }, { from: 'user', id: 'u2', text: '', files: ['cv.pdf'] }],
    }, { open: true });
    const bubbles = [...document.querySelectorAll('.qw-user')].map((b) => [...b.querySelectorAll('p')].map((p) => p.textContent));
    expect(bubbles).toEqual([['mis documentos', '📎 factura.pdf', '📎 foto.jpg'], ['📎 cv.pdf']]);
    expect(screen.getByRole('button', { name: 'Adjuntar archivos' })).toBeDisabled();
    expect(chooser()).toBeDisabled();
  });
});
