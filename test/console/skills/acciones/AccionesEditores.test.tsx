// Each kind's editor (spec §3 "Action", "Button"; §5; §9): a wrong save shows the rule's exact
// message at its input and sends nothing; the right one sends exactly the kind's fields to
// POST /accion, and the card then shows what was saved.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccionBody } from '../../../../src/api/skills';
import { SKILL_MESSAGES } from '../../../../server/src/schemas/skillRules';
import { serveSkills, skill } from '../../flow/support';
import { record, type Call } from '../../resources/support';
import { findCard, inCard, renderAcciones, serveAcciones } from './support';

/** POST /accion stores what it gets: a new action gets id a9, and every save a new rev. */
function serveSave(): Call[] {
  return record('post', '/accion', ({ body }) => {
    const sent = body as AccionBody;
    return { ...sent, id: sent.id ?? 'a9', order: 0, rev: (sent.rev ?? -1) + 1 };
  });
}

async function addCard(label: string, title: string) {
  await userEvent.click(await screen.findByRole('button', { name: label }));
  return findCard(title);
}

const save = (title: string) => userEvent.click(inCard(title).getByRole('button', { name: 'Guardar' }));
const group = (title: string, name: string) => within(inCard(title).getByRole('group', { name }));

describe('Editores de acciones', () => {
  it("Texto: sin textos dice 'Debe ingresar al menos un texto'; Enter en blanco avisa; se agregan con Enter o con el botón", async () => {
    serveAcciones([]);
    const saves = serveSave();
    renderAcciones();
    await addCard('Texto', 'Texto 1');

    await save('Texto 1');
    expect(await inCard('Texto 1').findByText(SKILL_MESSAGES.alMenosUnTexto)).toBeInTheDocument();

    const nuevo = inCard('Texto 1').getByRole('textbox', { name: 'Nuevo texto' });
    await userEvent.type(nuevo, '   {Enter}');
    expect(await screen.findByText(SKILL_MESSAGES.textoInvalido)).toBeInTheDocument();
    await userEvent.clear(nuevo);
    await userEvent.type(nuevo, 'Buenos días{Enter}');
    await userEvent.type(nuevo, 'Hola, bienvenido');
    await userEvent.click(inCard('Texto 1').getByRole('button', { name: 'Agregar texto' }));
    expect(inCard('Texto 1').getByRole('textbox', { name: 'Mensaje 1' })).toHaveValue('Buenos días');
    expect(inCard('Texto 1').getByRole('textbox', { name: 'Mensaje 2' })).toHaveValue('Hola, bienvenido');
    expect(saves).toHaveLength(0);
    await userEvent.click(inCard('Texto 1').getByRole('switch', { name: 'Enviar solo una vez por conversación' }));

    await save('Texto 1');
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body).toEqual({ type: 'TEXT', idBot: 'b1', idSkill: 's1', unique: true, red: [8], text: ['Buenos días', 'Hola, bienvenido'] });
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(inCard('Texto 1').getByText('Buenos días')).toBeInTheDocument();
    expect(inCard('Texto 1').getByText('Canales: Todos · Enviar solo una vez por conversación')).toBeInTheDocument();
  });

  it('Card: sin imagen ni botón lo dice en ambos; los botones piden tipo, título y valor; el título admite 50 caracteres', async () => {
    serveAcciones([]);
    const saves = serveSave();
    renderAcciones();
    await addCard('Card', 'Card 1');

    await save('Card 1');
    const imagen = inCard('Card 1').getByRole('textbox', { name: 'URL de imagen' });
    await waitFor(() => expect(imagen).toHaveAccessibleDescription(SKILL_MESSAGES.cardImagenOBoton));
    expect(inCard('Card 1').getByText(SKILL_MESSAGES.cardBotonOImagen)).toBeInTheDocument();

    await userEvent.click(inCard('Card 1').getByRole('button', { name: 'Agregar botón' }));
    await save('Card 1');
    const boton = group('Card 1', 'Botón 1');
    await waitFor(() => expect(boton.getAllByText(SKILL_MESSAGES.campoRequerido)).toHaveLength(3));
    expect(boton.getByRole('combobox', { name: 'Tipo' })).toHaveAccessibleDescription(SKILL_MESSAGES.campoRequerido);
    expect(boton.getByRole('textbox', { name: 'Título' })).toHaveAccessibleDescription(`${SKILL_MESSAGES.campoRequerido}0/50`);
    expect(boton.getByRole('textbox', { name: 'Valor' })).toHaveAccessibleDescription(`${SKILL_MESSAGES.campoRequerido}0/150`);

    await userEvent.selectOptions(boton.getByRole('combobox', { name: 'Tipo' }), 'Enlace web');
    boton.getByRole('textbox', { name: 'Título' }).focus();
    await userEvent.paste('x'.repeat(51));
    await save('Card 1');
    await waitFor(() => expect(boton.getByText(SKILL_MESSAGES.maxCaracteres(50))).toBeInTheDocument());
    expect(boton.getByText('51/50')).toBeInTheDocument();

    await userEvent.clear(boton.getByRole('textbox', { name: 'Título' }));
    await userEvent.type(boton.getByRole('textbox', { name: 'Título' }), 'Ver catálogo');
    await userEvent.type(boton.getByRole('textbox', { name: 'Valor' }), 'https://tienda.test/catalogo');
    await userEvent.type(imagen, 'https://tienda.test/portada.png');
    await userEvent.type(inCard('Card 1').getAllByRole('textbox', { name: 'Título' })[0], 'Catálogo');
    await save('Card 1');

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body).toEqual({
      type: 'CARD', idBot: 'b1', idSkill: 's1', unique: false, red: [8],
      imageUrl: 'https://tienda.test/portada.png', title: 'Catálogo', subTitle: '', invalidOption: '',
      buttons: [{ type: 'WEB_URL', title: 'Ver catálogo', subtitle: '', value: 'https://tienda.test/catalogo', render: '' }],
    });
    expect(await inCard('Card 1').findByRole('img', { name: 'Imagen de Catálogo' })).toHaveAttribute('src', 'https://tienda.test/portada.png');
    expect(inCard('Card 1').getByText('Ver catálogo')).toBeInTheDocument();
  });

  it("Botón: 'Ingrese un texto' y 'Debe tener al menos un botón'; desde 3 botones avisa el límite de Facebook", async () => {
    serveAcciones([]);
    const saves = serveSave();
    renderAcciones();
    await addCard('Botón', 'Botón 1');

    await save('Botón 1');
    expect(await inCard('Botón 1').findByText(SKILL_MESSAGES.ingreseTexto)).toBeInTheDocument();
    expect(inCard('Botón 1').getByText(SKILL_MESSAGES.alMenosUnBoton)).toBeInTheDocument();

    const agregar = inCard('Botón 1').getByRole('button', { name: 'Agregar botón' });
    await userEvent.click(agregar);
    await userEvent.click(agregar);
    expect(screen.queryByText(SKILL_MESSAGES.avisoFacebook)).not.toBeInTheDocument();
    await userEvent.click(agregar);
    expect(inCard('Botón 1').getByText(SKILL_MESSAGES.avisoFacebook)).toBeInTheDocument();
    await userEvent.click(inCard('Botón 1').getByRole('button', { name: 'Quitar Botón 3' }));
    await userEvent.click(inCard('Botón 1').getByRole('button', { name: 'Quitar Botón 2' }));
    expect(screen.queryByText(SKILL_MESSAGES.avisoFacebook)).not.toBeInTheDocument();

    await userEvent.type(inCard('Botón 1').getAllByRole('textbox', { name: 'Título' })[0], '¿Qué desea?');
    const boton = group('Botón 1', 'Botón 1');
    await userEvent.selectOptions(boton.getByRole('combobox', { name: 'Tipo' }), 'Llamada');
    await userEvent.type(boton.getByRole('textbox', { name: 'Título' }), 'Llamar');
    await userEvent.type(boton.getByRole('textbox', { name: 'Valor' }), '+5115550000');
    await userEvent.type(boton.getByRole('textbox', { name: 'Texto mostrado' }), 'Central');
    await save('Botón 1');

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body).toEqual({
      type: 'BUTTON', idBot: 'b1', idSkill: 's1', unique: false, red: [8], title: '¿Qué desea?', invalidOption: '',
      buttons: [{ type: 'CALL', title: 'Llamar', subtitle: '', value: '+5115550000', render: 'Central' }],
    });
  });

  it('Respuesta rápida: sus propios tipos y hasta 3 botones (agregar se desactiva y lo dice)', async () => {
    serveAcciones([]);
    const saves = serveSave();
    renderAcciones();
    await addCard('Respuesta rápida', 'Respuesta rápida 1');

    const agregar = inCard('Respuesta rápida 1').getByRole('button', { name: 'Agregar botón' });
    await userEvent.click(agregar);
    const tipos = within(group('Respuesta rápida 1', 'Botón 1').getByRole('combobox', { name: 'Tipo' })).getAllByRole('option').map((o) => o.textContent);
    expect(tipos).toEqual(['Seleccione', 'Respuesta', 'Ubicación', 'Teléfono', 'Correo electrónico']);
    await userEvent.click(agregar);
    expect(screen.queryByText(SKILL_MESSAGES.maxRespuestasRapidas)).not.toBeInTheDocument();
    await userEvent.click(agregar);
    expect(agregar).toBeDisabled();
    expect(inCard('Respuesta rápida 1').getByText(SKILL_MESSAGES.maxRespuestasRapidas)).toBeInTheDocument();

    await userEvent.click(inCard('Respuesta rápida 1').getByRole('button', { name: 'Quitar Botón 3' }));
    await userEvent.click(inCard('Respuesta rápida 1').getByRole('button', { name: 'Quitar Botón 2' }));
    expect(agregar).toBeEnabled();
    await userEvent.type(inCard('Respuesta rápida 1').getAllByRole('textbox', { name: 'Título' })[0], '¿Dónde está?');
    const boton = group('Respuesta rápida 1', 'Botón 1');
    await userEvent.selectOptions(boton.getByRole('combobox', { name: 'Tipo' }), 'Ubicación');
    // The client's channel supplies the location: no value to type.
    expect(boton.queryByRole('textbox', { name: 'Valor' })).not.toBeInTheDocument();
    await userEvent.type(boton.getByRole('textbox', { name: 'Título' }), 'Enviar ubicación');
    await save('Respuesta rápida 1');

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body).toEqual({
      type: 'QUICK_REPLY', idBot: 'b1', idSkill: 's1', unique: false, red: [8], title: '¿Dónde está?',
      buttons: [{ type: 'LOCATION', title: 'Enviar ubicación', subtitle: '', value: '', render: '' }],
    });
  });

  it("Carousel: cada tarjeta pide imagen, título, subtítulo y opción no válida; hasta 10 tarjetas", async () => {
    serveAcciones([]);
    const saves = serveSave();
    renderAcciones();
    await addCard('Carousel', 'Carousel 1');

    await save('Carousel 1');
    const tarjeta = within(inCard('Carousel 1').getByRole('region', { name: 'Tarjeta 1' }));
    await waitFor(() => expect(tarjeta.getAllByText(SKILL_MESSAGES.campoRequerido)).toHaveLength(4));
    for (const name of ['URL de imagen', 'Título', 'Subtítulo', 'Mensaje de opción no válida']) {
      expect(tarjeta.getByRole('textbox', { name })).toHaveAccessibleDescription(SKILL_MESSAGES.campoRequerido);
    }

    const agregar = inCard('Carousel 1').getByRole('button', { name: 'Agregar tarjeta' });
    for (let n = 2; n <= 10; n++) await userEvent.click(agregar);
    expect(inCard('Carousel 1').getAllByRole('region', { name: /^Tarjeta \d+$/ })).toHaveLength(10);
    expect(agregar).toBeDisabled();
    expect(inCard('Carousel 1').getByText(SKILL_MESSAGES.maxTarjetas)).toBeInTheDocument();
    for (let n = 10; n >= 2; n--) await userEvent.click(inCard('Carousel 1').getByRole('button', { name: `Quitar Tarjeta ${n}` }));
    expect(agregar).toBeEnabled();

    await userEvent.type(tarjeta.getByRole('textbox', { name: 'URL de imagen' }), 'https://tienda.test/zapatillas.png');
    await userEvent.type(tarjeta.getByRole('textbox', { name: 'Título' }), 'Zapatillas');
    await userEvent.type(tarjeta.getByRole('textbox', { name: 'Subtítulo' }), 'Desde S/ 199');
    await userEvent.type(tarjeta.getByRole('textbox', { name: 'Mensaje de opción no válida' }), 'Elija un producto');
    await userEvent.click(tarjeta.getByRole('button', { name: 'Agregar botón' }));
    const boton = within(tarjeta.getByRole('group', { name: 'Tarjeta 1, botón 1' }));
    await userEvent.selectOptions(boton.getByRole('combobox', { name: 'Tipo' }), 'Respuesta');
    await userEvent.type(boton.getByRole('textbox', { name: 'Título' }), 'Comprar');
    await userEvent.type(boton.getByRole('textbox', { name: 'Valor' }), 'comprar-zapatillas');
    await save('Carousel 1');

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body).toEqual({
      type: 'CAROUSEL', idBot: 'b1', idSkill: 's1', unique: false, red: [8],
      carousel: [{
        title: 'Zapatillas', subtitle: 'Desde S/ 199', imageUrl: 'https://tienda.test/zapatillas.png', invalidOption: 'Elija un producto',
        buttons: [{ type: 'POSTBACK', title: 'Comprar', subtitle: '', value: 'comprar-zapatillas', render: '' }],
      }],
    });
    expect(await inCard('Carousel 1').findByRole('img', { name: 'Imagen de Zapatillas' })).toBeInTheDocument();
    // Ten cards of inputs, each typed in: slow on a slow machine.
  }, 60_000);

  it('WebHook: POST y Content-Type: application/json de entrada; la URL se valida; envía cabeceras, cuerpo, archivos, condiciones y respuesta a memoria', async () => {
    serveAcciones([]);
    const saves = serveSave();
    renderAcciones();
    await addCard('WebHook', 'WebHook 1');

    expect(inCard('WebHook 1').getByRole('combobox', { name: 'Método' })).toHaveValue('POST');
    expect(within(inCard('WebHook 1').getByRole('combobox', { name: 'Método' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['GET', 'POST', 'PUT', 'PATCH']);
    const cabecera = group('WebHook 1', 'Cabecera 1');
    expect(cabecera.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Content-Type');
    expect(cabecera.getByRole('textbox', { name: 'Valor' })).toHaveValue('application/json');
    expect(inCard('WebHook 1').getByRole('region', { name: 'Campos del cuerpo' })).toHaveAccessibleDescription(/\{\{nombre\}\}/);

    await save('WebHook 1');
    expect(await inCard('WebHook 1').findByText(SKILL_MESSAGES.urlInvalida)).toBeInTheDocument();

    await userEvent.selectOptions(inCard('WebHook 1').getByRole('combobox', { name: 'Método' }), 'PUT');
    await userEvent.type(inCard('WebHook 1').getByRole('textbox', { name: 'URL' }), 'https://crm.test/pedidos');
    await userEvent.click(inCard('WebHook 1').getByRole('button', { name: 'Agregar campo' }));
    const campo = group('WebHook 1', 'Campo 1');
    await userEvent.type(campo.getByRole('textbox', { name: 'Nombre' }), 'cliente');
    await save('WebHook 1');
    expect(await campo.findByText(SKILL_MESSAGES.claveValor)).toBeInTheDocument();
    await userEvent.type(campo.getByRole('textbox', { name: 'Valor' }), '{{{{nombre}}');
    await userEvent.click(inCard('WebHook 1').getByRole('switch', { name: 'Enviar los archivos adjuntos del cliente' }));
    await userEvent.click(inCard('WebHook 1').getByRole('radio', { name: 'Alguna (OR)' }));
    await userEvent.click(inCard('WebHook 1').getByRole('button', { name: 'Agregar dato de la respuesta' }));
    const resp = group('WebHook 1', 'Respuesta a memoria 1');
    await userEvent.type(resp.getByRole('textbox', { name: 'Ruta en la respuesta' }), 'datos.pedido.id');
    await userEvent.type(resp.getByRole('textbox', { name: 'Nombre en memoria' }), 'pedido');
    await save('WebHook 1');

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body).toEqual({
      type: 'WEB_HOOK', idBot: 'b1', idSkill: 's1', unique: false, red: [8],
      method: 'PUT', url: 'https://crm.test/pedidos',
      headers: [{ k: 'Content-Type', v: 'application/json' }],
      fields: [{ k: 'cliente', v: '{{nombre}}' }],
      files: true, cond: [], op: 'OR',
      resp: [{ path: 'datos.pedido.id', k: 'pedido' }],
    });
    expect(await inCard('WebHook 1').findByText('PUT https://crm.test/pedidos')).toBeInTheDocument();
  });

  it("Skill: elige entre los otros skills del bot ('Seleccione un Skill') y le pasa valores", async () => {
    serveAcciones([]);
    serveSkills([skill('s1', 'Saludo'), skill('s2', 'Pedidos'), skill('s3', 'Reclamos')]);
    const saves = serveSave();
    renderAcciones();
    await addCard('Skill', 'Skill 1');

    const select = inCard('Skill 1').getByRole('combobox', { name: 'Skill' });
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Seleccione', 'Pedidos', 'Reclamos']));
    await save('Skill 1');
    expect(await inCard('Skill 1').findByText(SKILL_MESSAGES.skillDestino)).toBeInTheDocument();

    await userEvent.selectOptions(select, 'Reclamos');
    await userEvent.click(inCard('Skill 1').getByRole('button', { name: 'Agregar valor' }));
    const valor = group('Skill 1', 'Valor 1');
    await userEvent.type(valor.getByRole('textbox', { name: 'Nombre' }), 'origen');
    await userEvent.type(valor.getByRole('textbox', { name: 'Valor' }), 'ventas');
    await save('Skill 1');

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body).toEqual({ type: 'GO_SKILL', idBot: 'b1', idSkill: 's1', unique: false, red: [8], sk: 's3', fields: [{ k: 'origen', v: 'ventas' }] });
    expect(await inCard('Skill 1').findByText('Reclamos')).toBeInTheDocument();
  });

  it("Bot: elige entre los otros bots de la empresa ('Seleccione un bot') y el valor a enviar", async () => {
    serveAcciones([]);
    record('get', '/bots', () => [{ id: 'b1', nm: 'Ventas' }, { id: 'b2', nm: 'Soporte' }]);
    const saves = serveSave();
    renderAcciones();
    await addCard('Bot', 'Bot 1');

    const select = inCard('Bot 1').getByRole('combobox', { name: 'Bot' });
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Seleccione', 'Soporte']));
    await save('Bot 1');
    expect(await inCard('Bot 1').findByText(SKILL_MESSAGES.botDestino)).toBeInTheDocument();

    await userEvent.selectOptions(select, 'Soporte');
    await userEvent.type(inCard('Bot 1').getByRole('textbox', { name: 'Valor a enviar' }), 'garantia');
    await save('Bot 1');

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body).toEqual({ type: 'GO_BOT', idBot: 'b1', idSkill: 's1', unique: false, red: [8], b: 'b2', sk: 'garantia' });
    expect(await inCard('Bot 1').findByText('Soporte')).toBeInTheDocument();
  });

  it('Humano: el área o cola es opcional', async () => {
    serveAcciones([]);
    const saves = serveSave();
    renderAcciones();
    await addCard('Humano', 'Humano 1');
    await save('Humano 1');
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body).toEqual({ type: 'GO_HUMAN', idBot: 'b1', idSkill: 's1', unique: false, red: [8], b: '' });
    expect(await inCard('Humano 1').findByText('Lo atiende cualquier agente disponible.')).toBeInTheDocument();
  });
});
