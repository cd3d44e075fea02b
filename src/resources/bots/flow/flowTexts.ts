// The flow editor's Spanish texts, in one place (the spec quotes 'Agregar Skill' and 'Campo requerido').
export const FLOW_TEXTS = {
  region: 'Diagrama de skills',
  ayuda:
    'Tab recorre los skills, Enter abre el skill enfocado, Supr elimina lo seleccionado, Ctrl+Z deshace y Ctrl+Shift+Z o Ctrl+Y rehace. ' +
    'Arrastre desde el punto inferior de un skill hasta otro para enlazarlos.',
  guardeAntes: 'Guarde el bot para agregar skills a su diagrama.',
  cargando: 'Cargando skills...',
  errorSkills: 'No se pudieron cargar los skills del bot',
  vacio: 'Este bot todavía no tiene skills.',
  agregar: 'Agregar Skill',
  alejar: 'Alejar',
  ajustar: 'Ajustar',
  acercar: 'Acercar',
  eliminar: 'Eliminar seleccionados',
  ordenar: 'Ordenar automáticamente',
  ordenando: 'Ordenando el diagrama...',
  deshacer: 'Deshacer',
  rehacer: 'Rehacer',
  buscar: 'Buscar skill',
  sinCoincidencias: 'Ningún skill coincide',
  minimapa: 'Minimapa del diagrama',
  sinFrases: 'Sin frases de entrenamiento',
  nombre: 'Nombre',
  descripcion: 'Descripción',
  requerido: 'Campo requerido',
  cancelar: 'Cancelar',
  guardar: 'Guardar',
  eliminarBoton: 'Eliminar',
  nuevoSkill: 'Nuevo Skill',
  skillCreado: 'Skill creado',
  confirmarTitulo: 'Eliminar seleccionados',
  confirmarTexto: 'Se eliminarán del bot en el servidor:',
  confirmarSkills: 'Skills',
  confirmarEnlaces: 'Enlaces',
  confirmarMas: 'y %{n} más',
  nadaSeleccionado: 'Seleccione skills o enlaces para eliminar',
  eliminado: 'Eliminado con éxito',
  enlace: 'Enlace de %{source} a %{target}',
} as const;

/** Fills `%{name}` placeholders. */
export const fill = (text: string, values: Record<string, string | number>) => text.replace(/%\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
