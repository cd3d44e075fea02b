import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { record } from '../resources/support';
import { mockReactFlow } from './mockReactFlow';
import { DIAGRAM, SKILLS, readProbe, renderFlow, savedSkill, serveSkills, skill } from './support';

beforeAll(mockReactFlow);

/** The drawn node of a skill, found by its name. */
async function nodeOf(name: string): Promise<HTMLElement> {
  // The first render loads React Flow and MUI: generous on a busy machine.
  const text = await screen.findByText(name, { selector: '.quipu-skill__name' }, { timeout: 15_000 });
  return text.closest<HTMLElement>('.react-flow__node')!;
}

const diagramNow = () => readProbe(screen.getByLabelText);
const positionOf = (id: string) => diagramNow().nodes.find((node) => node.id === id);

describe('Diagrama del bot', () => {
  it("muestra cada skill con su nombre, su tipo en texto y 'Sin frases de entrenamiento' cuando no tiene frases", async () => {
    serveSkills(SKILLS);
    renderFlow();
    const saludo = await nodeOf('Saludo');
    expect(within(saludo).getByText('Business')).toBeInTheDocument();
    expect(within(saludo).queryByText('Sin frases de entrenamiento')).toBeNull();
    expect(within(await nodeOf('Sin entender')).getByText('Fallback')).toBeInTheDocument();
    const faq = await nodeOf('Preguntas frecuentes');
    expect(within(faq).getByText('QnA')).toBeInTheDocument();
    expect(within(faq).getByText('Sin frases de entrenamiento')).toBeInTheDocument();
    expect(faq).toHaveAttribute('aria-label', 'Preguntas frecuentes, QnA, Sin frases de entrenamiento');
    expect(screen.getByText('sin cambios')).toBeInTheDocument();
  });

  it('un skill que falta en el diagrama aparece, y el nodo de un skill borrado no', async () => {
    serveSkills([SKILLS[0], skill('s9', 'Despedida')]);
    renderFlow();
    expect(await nodeOf('Despedida')).toBeInTheDocument();
    expect(await nodeOf('Saludo')).toBeInTheDocument();
    expect(screen.queryByText('Sin entender')).toBeNull();
    // Merging alone changes nothing in the form.
    expect(screen.getByText('sin cambios')).toBeInTheDocument();
  });

  it('en /bot/new explica que los skills se agregan después de guardar el bot', () => {
    renderFlow({ botId: 'new', diagram: null });
    expect(screen.getByText('Guarde el bot para agregar skills a su diagrama.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar Skill' })).toBeNull();
  });

  it('sin permiso de edición no ofrece Agregar Skill ni Eliminar seleccionados, pero sí zoom, orden y búsqueda', async () => {
    serveSkills(SKILLS);
    renderFlow({ canEdit: false });
    await nodeOf('Saludo');
    expect(screen.queryByRole('button', { name: 'Agregar Skill' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar seleccionados' })).toBeNull();
    for (const name of ['Alejar', 'Ajustar', 'Acercar', 'Ordenar automáticamente', 'Deshacer', 'Rehacer']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Buscar skill' })).toBeInTheDocument();
    expect(screen.getByLabelText('Minimapa del diagrama')).toBeInTheDocument();
  });
});

describe('Accesibilidad', () => {
  it('axe no encuentra violaciones graves ni críticas en el diagrama ni en sus diálogos', async () => {
    serveSkills(SKILLS);
    const { container } = renderFlow();
    await nodeOf('Saludo');
    // jsdom does not paint: colour contrast is checked in Chromium (the colours keep 4.5:1, flowEditor.css).
    const grave = async (root: Element) =>
      (await axe.run(root, { rules: { 'color-contrast': { enabled: false } } })).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(await grave(container)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Agregar Skill' }));
    expect(await grave(await screen.findByRole('dialog', { name: 'Nuevo Skill' }))).toEqual([]);
  });
});

describe('Agregar Skill', () => {
  it("muestra 'Campo requerido' sin Nombre y no llama al servidor", async () => {
    serveSkills(SKILLS);
    const created = record('post', '/skill', () => savedSkill(skill('s4', 'x')));
    renderFlow();
    await nodeOf('Saludo');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar Skill' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Skill' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('Campo requerido')).toBeInTheDocument();
    expect(created).toHaveLength(0);
  });

  it('envía {idBot, nm, dsc}, dibuja el skill nuevo y cambia el valor del formulario', async () => {
    const served = serveSkills(SKILLS);
    const created = record('post', '/skill', ({ body }) => {
      const nuevo = skill('s4', (body as { nm: string }).nm, { dsc: 'Pagos', nFrases: 0 });
      served.skills.push(nuevo);
      return savedSkill(nuevo);
    });
    renderFlow();
    await nodeOf('Saludo');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar Skill' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Skill' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Pagar factura');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Descripción' }), 'Pagos');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0].body).toEqual({ idBot: 'b1', nm: 'Pagar factura', dsc: 'Pagos' });
    const nuevo = await nodeOf('Pagar factura');
    expect(within(nuevo).getByText('Sin frases de entrenamiento')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('con cambios')).toBeInTheDocument();
    expect(positionOf('s4')).toBeDefined();
    // Placed on a free spot.
    const others = diagramNow().nodes.filter((node) => node.id !== 's4');
    expect(others.some((node) => node.x === positionOf('s4')!.x && node.y === positionOf('s4')!.y)).toBe(false);
  });

  it('muestra en el diálogo el mensaje del servidor si rechaza el skill', async () => {
    serveSkills(SKILLS);
    record('post', '/skill', () => HttpResponse.json({ message: 'Campo requerido: Nombre' }, { status: 400 }));
    renderFlow();
    await nodeOf('Saludo');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar Skill' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Skill' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), '   x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Campo requerido: Nombre')).toBeInTheDocument();
  });
});

describe('Eliminar seleccionados', () => {
  it('confirma nombrando lo que se va y envía los skills y enlaces seleccionados a /skill.delete', async () => {
    const served = serveSkills(SKILLS);
    const deleted = record('post', '/skill.delete', ({ body }) => {
      const gone = new Set((body as { skills: string[] }).skills);
      served.skills = served.skills.filter((s) => !gone.has(s.id));
      return { message: 'Eliminado con éxito' };
    });
    renderFlow();
    fireEvent.click(await nodeOf('Sin entender'));
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar seleccionados' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar seleccionados' });
    expect(within(dialog).getByText('Sin entender')).toBeInTheDocument();
    expect(within(dialog).getByText('Enlace de Saludo a Sin entender')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(deleted).toHaveLength(1));
    expect(deleted[0].body).toEqual({ idBot: 'b1', skills: ['s2'], links: ['s1->s2'] });
    await waitFor(() => expect(screen.queryByText('Sin entender')).toBeNull());
    expect(diagramNow().nodes.map((node) => node.id)).toEqual(['s1', 's3']);
    expect(diagramNow().edges).toEqual([]);
  });

  it('un enlace seleccionado solo se borra a sí mismo, y deshacer lo devuelve al diagrama', async () => {
    serveSkills(SKILLS);
    const deleted = record('post', '/skill.delete', () => ({ message: 'Eliminado con éxito' }));
    renderFlow();
    await nodeOf('Saludo');
    const link = await screen.findByRole('group', { name: 'Enlace de Saludo a Sin entender' });
    fireEvent.click(link);
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar seleccionados' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar seleccionados' });
    expect(within(dialog).queryByText('Skills', { exact: false })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(deleted).toHaveLength(1));
    expect(deleted[0].body).toEqual({ idBot: 'b1', skills: [], links: ['s1->s2'] });
    await waitFor(() => expect(diagramNow().edges).toEqual([]));
    await userEvent.click(screen.getByRole('button', { name: 'Deshacer' }));
    await waitFor(() => expect(diagramNow().edges).toEqual(DIAGRAM.edges));
  });

  it('si el servidor rechaza el borrado, el diagrama no cambia', async () => {
    serveSkills(SKILLS);
    record('post', '/skill.delete', () => HttpResponse.json({ message: 'Bot no encontrado' }, { status: 404 }));
    renderFlow();
    fireEvent.click(await nodeOf('Saludo'));
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar seleccionados' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' })).toBeEnabled());
    expect(await nodeOf('Saludo')).toBeInTheDocument();
    expect(screen.getByText('sin cambios')).toBeInTheDocument();
  });

  it('Cancelar no borra nada', async () => {
    serveSkills(SKILLS);
    const deleted = record('post', '/skill.delete', () => ({ message: 'Eliminado con éxito' }));
    renderFlow();
    fireEvent.click(await nodeOf('Saludo'));
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar seleccionados' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    expect(deleted).toHaveLength(0);
    expect(await nodeOf('Saludo')).toBeInTheDocument();
  });

  it('Supr sobre un skill enfocado pide la misma confirmación', async () => {
    serveSkills(SKILLS);
    renderFlow();
    const node = await nodeOf('Preguntas frecuentes');
    act(() => node.focus());
    fireEvent.keyDown(node, { key: 'Delete' });
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar seleccionados' });
    expect(within(dialog).getByText('Preguntas frecuentes')).toBeInTheDocument();
  });
});

describe('Deshacer y rehacer', () => {
  it('un skill movido con el teclado vuelve a su lugar con Ctrl+Z y regresa con Ctrl+Shift+Z', async () => {
    serveSkills(SKILLS);
    renderFlow();
    const node = await nodeOf('Saludo');
    act(() => node.focus());
    fireEvent.keyDown(node, { key: ' ' });
    fireEvent.keyDown(node, { key: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(positionOf('s1')).toEqual({ id: 's1', x: 20, y: 0 }));
    expect(screen.getByText('con cambios')).toBeInTheDocument();
    expect((await nodeOf('Saludo')).style.transform).toContain('translate(20px');

    fireEvent.keyDown(await nodeOf('Saludo'), { key: 'z', ctrlKey: true });
    await waitFor(() => expect(positionOf('s1')).toEqual({ id: 's1', x: 0, y: 0 }));
    expect((await nodeOf('Saludo')).style.transform).toContain('translate(0px');
    // Back to what was loaded: nothing left to save.
    expect(screen.getByText('sin cambios')).toBeInTheDocument();

    fireEvent.keyDown(await nodeOf('Saludo'), { key: 'Z', ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(positionOf('s1')).toEqual({ id: 's1', x: 20, y: 0 }));
    fireEvent.keyDown(await nodeOf('Saludo'), { key: 'z', metaKey: true });
    await waitFor(() => expect(positionOf('s1')).toEqual({ id: 's1', x: 0, y: 0 }));
    fireEvent.keyDown(await nodeOf('Saludo'), { key: 'y', ctrlKey: true });
    await waitFor(() => expect(positionOf('s1')).toEqual({ id: 's1', x: 20, y: 0 }));
  });

  it('Ordenar automáticamente cambia las posiciones en un paso y Deshacer las devuelve todas', async () => {
    serveSkills(SKILLS);
    renderFlow();
    await nodeOf('Saludo');
    expect(screen.getByRole('button', { name: 'Deshacer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Ordenar automáticamente' }));
    // Saludo links to Sin entender: the layout puts it above.
    await waitFor(() => expect(positionOf('s1')!.y).toBeLessThan(positionOf('s2')!.y), { timeout: 10_000 });
    const laidOut = diagramNow();
    expect(screen.getByText('con cambios')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Deshacer' }));
    await waitFor(() => expect(diagramNow().nodes).toEqual(DIAGRAM.nodes));
    await userEvent.click(screen.getByRole('button', { name: 'Rehacer' }));
    await waitFor(() => expect(diagramNow().nodes).toEqual(laidOut.nodes));
  });
});

describe('Búsqueda y teclado', () => {
  it("'Buscar skill' encuentra sin tildes ni mayúsculas, centra el skill, lo enfoca y lo deja como única selección", async () => {
    serveSkills([...SKILLS, skill('s4', 'Intención de compra')]);
    renderFlow({ diagram: { ...DIAGRAM, nodes: [...DIAGRAM.nodes, { id: 's4', x: 300, y: 200 }] } });
    fireEvent.click(await nodeOf('Saludo'));
    await waitFor(async () => expect((await nodeOf('Saludo')).querySelector('.quipu-skill--selected')).not.toBeNull());
    await userEvent.type(screen.getByRole('combobox', { name: 'Buscar skill' }), 'INTENCION');
    await userEvent.click(await screen.findByRole('option', { name: 'Intención de compra' }));
    await waitFor(async () => expect((await nodeOf('Intención de compra')).querySelector('.quipu-skill--selected')).not.toBeNull());
    await waitFor(async () => expect(await nodeOf('Intención de compra')).toHaveFocus());
    expect((await nodeOf('Saludo')).querySelector('.quipu-skill--selected')).toBeNull();
  });

  it('un clic en el minimapa mueve la vista a ese lugar del diagrama', async () => {
    serveSkills(SKILLS);
    const { container } = renderFlow();
    await nodeOf('Saludo');
    const viewport = container.querySelector<HTMLElement>('.react-flow__viewport')!;
    const before = viewport.style.transform;
    fireEvent.pointerDown(screen.getByRole('img', { name: 'Minimapa del diagrama' }), { clientX: 190, clientY: 140, buttons: 1 });
    await waitFor(() => expect(viewport.style.transform).not.toBe(before));
  });

  it('Tab pasa de un skill al siguiente en orden de lectura', async () => {
    serveSkills(SKILLS);
    renderFlow();
    const saludo = await nodeOf('Saludo');
    act(() => saludo.focus());
    fireEvent.keyDown(saludo, { key: 'Tab' });
    await waitFor(async () => expect(await nodeOf('Sin entender')).toHaveFocus());
    fireEvent.keyDown(await nodeOf('Sin entender'), { key: 'Tab' });
    await waitFor(async () => expect(await nodeOf('Preguntas frecuentes')).toHaveFocus());
    fireEvent.keyDown(await nodeOf('Preguntas frecuentes'), { key: 'Tab', shiftKey: true });
    await waitFor(async () => expect(await nodeOf('Sin entender')).toHaveFocus());
  });

  it('Enter sobre un skill enfocado abre /skill/{id}', async () => {
    serveSkills(SKILLS);
    renderFlow();
    const node = await nodeOf('Sin entender');
    act(() => node.focus());
    fireEvent.keyDown(node, { key: 'Enter' });
    expect(await screen.findByRole('heading', { name: 'Editor del skill' })).toBeInTheDocument();
  });

  it('doble clic en un skill abre /skill/{id}', async () => {
    serveSkills(SKILLS);
    renderFlow();
    fireEvent.doubleClick(await nodeOf('Saludo'));
    expect(await screen.findByRole('heading', { name: 'Editor del skill' })).toBeInTheDocument();
  });
});

describe('Espacio del diagrama: pantalla completa y minimapa', () => {
  /** The diagram's block: toolbar, canvas and minimap. */
  const block = () => screen.getByRole('toolbar', { name: 'Diagrama de skills' }).closest<HTMLElement>('.quipu-flow')!;

  it("'Pantalla completa' cubre la ventana, con el teclado también, y 'Salir de pantalla completa' la deja", async () => {
    serveSkills(SKILLS);
    renderFlow();
    await nodeOf('Saludo');
    expect(block()).not.toHaveStyle({ position: 'fixed' });
    const enter = screen.getByRole('button', { name: 'Pantalla completa' });
    act(() => enter.focus());
    await userEvent.keyboard('{Enter}');
    const leave = await screen.findByRole('button', { name: 'Salir de pantalla completa' });
    expect(leave).toHaveFocus();
    expect(block()).toHaveStyle({ position: 'fixed', top: '0px', left: '0px', right: '0px', bottom: '0px' });
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.click(leave);
    expect(await screen.findByRole('button', { name: 'Pantalla completa' })).toBeInTheDocument();
    expect(block()).not.toHaveStyle({ position: 'fixed' });
    expect(document.body.style.overflow).toBe('');
  });

  it('al cambiar de tamaño la vista vuelve a ajustarse al diagrama', async () => {
    serveSkills(SKILLS);
    const { container } = renderFlow();
    await nodeOf('Saludo');
    const viewport = container.querySelector<HTMLElement>('.react-flow__viewport')!;
    const scale = () => viewport.style.transform.match(/scale\(([\d.]+)\)/)?.[1];
    expect(scale()).toBe('1');
    await userEvent.click(screen.getByRole('button', { name: 'Acercar' }));
    await waitFor(() => expect(Number(scale())).toBeGreaterThan(1));
    await userEvent.click(screen.getByRole('button', { name: 'Pantalla completa' }));
    await waitFor(() => expect(scale()).toBe('1'));
  });

  it('Esc sale de pantalla completa; en el diálogo de Agregar Skill solo cierra el diálogo', async () => {
    serveSkills(SKILLS);
    renderFlow();
    await nodeOf('Saludo');
    await userEvent.click(screen.getByRole('button', { name: 'Pantalla completa' }));
    await userEvent.click(screen.getByRole('button', { name: 'Agregar Skill' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Salir de pantalla completa' })).toBeInTheDocument();
    expect(block()).toHaveStyle({ position: 'fixed' });
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Pantalla completa' })).toBeInTheDocument();
    expect(block()).not.toHaveStyle({ position: 'fixed' });
  });

  it('el minimapa va junto al lienzo, nunca encima de los skills, y se puede ocultar', async () => {
    serveSkills(SKILLS);
    const { container } = renderFlow();
    await nodeOf('Saludo');
    const minimap = screen.getByRole('img', { name: 'Minimapa del diagrama' });
    expect(container.querySelector('.react-flow')!.contains(minimap)).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar minimapa' }));
    expect(screen.queryByRole('img', { name: 'Minimapa del diagrama' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar minimapa' }));
    expect(screen.getByRole('img', { name: 'Minimapa del diagrama' })).toBeInTheDocument();
  });

  it("en un teléfono (390 px) el minimapa empieza oculto, y 'Mostrar minimapa' lo muestra", async () => {
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    try {
      serveSkills(SKILLS);
      renderFlow();
      await nodeOf('Saludo');
      expect(screen.queryByRole('img', { name: 'Minimapa del diagrama' })).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Mostrar minimapa' }));
      expect(screen.getByRole('img', { name: 'Minimapa del diagrama' })).toBeInTheDocument();
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    }
  });
});
