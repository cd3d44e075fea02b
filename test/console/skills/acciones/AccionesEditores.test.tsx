// The editors of the kinds that show content: a wrong save
// shows the rule's exact message at its input and sends nothing; the right one sends exactly the
// kind's fields to POST /accion, and the card then shows what was saved.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCION_MESSAGES as SKILL_MESSAGES } from '../../../../common/actions';
import { addCard, group, inCard, renderAcciones, save, serveAcciones, serveSave } from './support';

describe('Editores de acciones: texto, card, botón, respuesta rápida y carousel', () => {
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

  it("Texto: lo escrito en 'Nuevo texto' sin Enter cuenta al guardar: quita 'Debe ingresar al menos un texto' y se envía como un texto más", async () => {
    serveAcciones([]);
    const saves = serveSave();
    renderAcciones();
    await addCard('Texto', 'Texto 1');

    await save('Texto 1');
    expect(await inCard('Texto 1').findByText(SKILL_MESSAGES.alMenosUnTexto)).toBeInTheDocument();
    const nuevo = inCard('Texto 1').getByRole('textbox', { name: 'Nuevo texto' });
    expect(nuevo).toHaveAccessibleDescription(expect.stringContaining('Escriba {{bot.skills}} en un texto para nombrar los skills'));
    await userEvent.click(nuevo);
    await userEvent.paste('Hola, ¿en qué le ayudo?');
    await waitFor(() => expect(inCard('Texto 1').queryByText(SKILL_MESSAGES.alMenosUnTexto)).not.toBeInTheDocument());

    await save('Texto 1');
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body).toEqual({ type: 'TEXT', idBot: 'b1', idSkill: 's1', unique: false, red: [8], text: ['Hola, ¿en qué le ayudo?'] });
    expect(await screen.findByText('Guardado con éxito')).toBeInTheDocument();
    expect(inCard('Texto 1').getByText('Hola, ¿en qué le ayudo?')).toBeInTheDocument();

    // Beside texts already added, the typed one goes last; a blank or repeated one adds nothing.
    await userEvent.click(inCard('Texto 1').getByRole('button', { name: 'Editar Texto 1' }));
    await userEvent.click(inCard('Texto 1').getByRole('textbox', { name: 'Nuevo texto' }));
    await userEvent.paste('Buenas tardes');
    await save('Texto 1');
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1].body).toMatchObject({ id: 'a9', rev: 0, text: ['Hola, ¿en qué le ayudo?', 'Buenas tardes'] });
    await userEvent.click(await inCard('Texto 1').findByRole('button', { name: 'Editar Texto 1' }));
    expect(inCard('Texto 1').getByRole('textbox', { name: 'Nuevo texto' })).toHaveValue('');
    await userEvent.click(inCard('Texto 1').getByRole('textbox', { name: 'Nuevo texto' }));
    await userEvent.paste('  buenas TARDES ');
    await save('Texto 1');
    await waitFor(() => expect(saves).toHaveLength(3));
    expect(saves[2].body).toMatchObject({ text: ['Hola, ¿en qué le ayudo?', 'Buenas tardes'] });
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

  it('Botón: un enlace web que no es http, https, tel: ni mailto: muestra el mensaje en su valor y no se envía', async () => {
    serveAcciones([]);
    const saves = serveSave();
    renderAcciones();
    await addCard('Botón', 'Botón 1');
    await userEvent.type(inCard('Botón 1').getAllByRole('textbox', { name: 'Título' })[0], '¿Qué desea?');
    await userEvent.click(inCard('Botón 1').getByRole('button', { name: 'Agregar botón' }));
    const boton = group('Botón 1', 'Botón 1');
    await userEvent.selectOptions(boton.getByRole('combobox', { name: 'Tipo' }), 'Enlace web');
    await userEvent.type(boton.getByRole('textbox', { name: 'Título' }), 'Ver');
    const valor = boton.getByRole('textbox', { name: 'Valor' });
    valor.focus();
    await userEvent.paste('JaVaScRiPt:alert(1)');
    await save('Botón 1');
    await waitFor(() => expect(valor).toHaveAccessibleDescription(`${SKILL_MESSAGES.enlaceBoton}19/150`));
    expect(saves).toHaveLength(0);

    await userEvent.clear(valor);
    await userEvent.type(valor, 'mailto:ventas@tienda.test');
    await save('Botón 1');
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].body).toMatchObject({ buttons: [{ type: 'WEB_URL', title: 'Ver', value: 'mailto:ventas@tienda.test' }] });
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
});
