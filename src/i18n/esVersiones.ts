// Texts of a bot's deploy, versions, restore and compare. Spread into the app catalogue (es.ts)
// under `quipu`. The sentences the server also answers come from its schema (BOT_MESSAGES), so both
// sides say the same.
import { BOT_MESSAGES } from '../../common/schemas/bots';

export const versionesTexts = {
  versiones: {
    desplegar: 'Desplegar',
    desplegarTitulo: 'Desplegar Bot',
    desplegarAyuda: 'Se guardarán los cambios del bot y se desplegará una nueva versión.',
    descripcion: 'Descripción',
    requerido: 'Campo requerido',
    cancelar: 'Cancelar',
    guardado: BOT_MESSAGES.saved,
    guardadoDesplegado: BOT_MESSAGES.savedAndDeployed,
    desplegando: BOT_MESSAGES.deploying,
    desplegado: 'Desplegado con éxito versión %{version}',
    // The server's reason follows; without one the sentence ends at 'desplegar'.
    errorDesplegar: 'Error al desplegar %{msg}',
    entrenando: 'Entrenando el modelo: %{percent} %',
    // %{pruebas} is pruebasN told for the total.
    pruebasFallan:
      '%{fallan} de %{total} %{pruebas}: %{nombres}. La versión se desplegó igual; active «Detener el despliegue si falla una prueba» para impedirlo.',
    pruebasN: 'prueba falla |||| pruebas fallan',

    versiones: 'Versiones',
    cerrar: 'Cerrar',
    cargando: 'Cargando...',
    sinVersiones: 'Este bot todavía no tiene versiones desplegadas.',
    columnas: { version: 'Versión', fc: 'Inicio', ffin: 'Fin', dur: 'Duración', estado: 'Estado', msg: 'Descripción / mensaje', acciones: 'Acciones' },
    estados: { ok: 'Desplegado', error: 'Con error', enCurso: 'En curso' },

    restaurar: 'Restaurar',
    restaurarTitulo: 'Restaurar la versión %{version}',
    restaurarTexto: 'El bot volverá a ser exactamente como en la versión %{version}; lo que cambió después se perderá. ¿Desea continuar?',
    restaurado: BOT_MESSAGES.restored,
    noRestaurableError: 'No se puede restaurar: el despliegue de esta versión terminó con error.',
    noRestaurableEnCurso: 'No se puede restaurar: el despliegue de esta versión todavía está en curso.',

    comparar: 'Comparar',
    compararTitulo: 'Comparar versiones',
    versionA: 'Versión A (antes)',
    versionB: 'Versión B (después)',
    compararFaltan: 'Se necesitan al menos dos versiones desplegadas sin error para comparar.',
    cambiosDe: 'Cambios de la versión %{a} a la versión %{b}',
    iguales: 'Las versiones son iguales.',
    pasaA: 'pasa a',
    agregados: 'Agregados',
    eliminados: 'Eliminados',
    sinCambioLista: '%{n} sin cambios',
    soloOrden: 'Cambió el orden',
    vacio: '(vacío)',
    verTodo: 'Ver todo',
    verMenos: 'Ver menos',
  },
};
