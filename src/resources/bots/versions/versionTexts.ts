// The texts of deploy, versions, restore and compare. The product's own wording is quoted exactly;
// react-admin shows a text that is not a catalogue key as it is.

export const VERSION_TEXTS = {
  desplegar: 'Desplegar',
  desplegarTitulo: 'Desplegar Bot',
  desplegarAyuda: 'Se guardarán los cambios del bot y se desplegará una nueva versión.',
  descripcion: 'Descripción',
  requerido: 'Campo requerido',
  cancelar: 'Cancelar',
  guardado: 'Guardado con éxito',
  guardadoDesplegado: 'Guardado y Desplegado con éxito',
  desplegando: 'Desplegando Bot, espere por favor.',
  desplegado: (version: number) => `Desplegado con éxito versión ${version}`,
  errorDesplegar: (msg: string | null) => `Error al desplegar ${msg ?? ''}`.trim(),
  entrenando: (percent: number) => `Entrenando el modelo: ${percent} %`,
  pruebasFallan: (failed: string[], total: number) =>
    `${failed.length} de ${total} ${total === 1 ? 'prueba falla' : 'pruebas fallan'}: ${failed.join(', ')}. La versión se desplegó igual; active «Detener el despliegue si falla una prueba» para impedirlo.`,

  versiones: 'Versiones',
  cerrar: 'Cerrar',
  cargando: 'Cargando...',
  sinVersiones: 'Este bot todavía no tiene versiones desplegadas.',
  columnas: { version: 'Versión', fc: 'Inicio', ffin: 'Fin', dur: 'Duración', estado: 'Estado', msg: 'Descripción / mensaje', acciones: 'Acciones' },
  estados: { ok: 'Desplegado', error: 'Con error', enCurso: 'En curso' },

  restaurar: 'Restaurar',
  restaurarTitulo: (version: number) => `Restaurar la versión ${version}`,
  restaurarTexto: (version: number) =>
    `El bot volverá a ser exactamente como en la versión ${version}; lo que cambió después se perderá. ¿Desea continuar?`,
  restaurado: 'Bot restaurado correctamente, se cargará de nuevo la página',
  noRestaurableError: 'No se puede restaurar: el despliegue de esta versión terminó con error.',
  noRestaurableEnCurso: 'No se puede restaurar: el despliegue de esta versión todavía está en curso.',

  comparar: 'Comparar',
  compararTitulo: 'Comparar versiones',
  versionA: 'Versión A (antes)',
  versionB: 'Versión B (después)',
  compararFaltan: 'Se necesitan al menos dos versiones desplegadas sin error para comparar.',
  cambiosDe: (a: number, b: number) => `Cambios de la versión ${a} a la versión ${b}`,
  iguales: 'Las versiones son iguales.',
  pasaA: 'pasa a',
  agregados: 'Agregados',
  eliminados: 'Eliminados',
  sinCambioLista: (n: number) => `${n} sin cambios`,
  soloOrden: 'Cambió el orden',
  vacio: '(vacío)',
  verTodo: 'Ver todo',
  verMenos: 'Ver menos',
} as const;
