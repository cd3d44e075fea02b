// Texts of the history: its filters, client cards, the Conversación dialog and the reports. Spread
// into the app catalogue (es.ts) under `quipu`. The sentences the server also answers come from its
// schema (HISTORY_TEXTS), so both sides say the same.
import { HISTORY_TEXTS } from '../../common/schemas/historial';
import { QNA_NF_TEXTS } from '../../common/schemas/qna';

export const historialTexts = {
  historial: {
    ...HISTORY_TEXTS,
    reporteCalificaciones: QNA_NF_TEXTS.reporteCalificaciones,
    titulo: 'Historial',
    bot: 'Bot',
    nombre: 'Nombre',
    filtros: 'Filtros',
    manual: 'Manual de usuario',
    resultados: 'Clientes',
    sinNombre: 'Sin nombre',
    sinDatos: 'No hay datos...',
    // The pager's buttons, by MUI's item type.
    paginas: {
      first: 'Ir a la primera página',
      last: 'Ir a la última página',
      next: 'Ir a la página siguiente',
      previous: 'Ir a la página anterior',
    },
    cargando: 'Cargando...',
    no: 'NO',
    si: 'SI',
    mensajesAnteriores: 'Mensajes anteriores',
    botsNoDisponibles: 'No se pudo leer la lista de bots de la empresa. (%{error})',
    skill: 'Skill: %{skill}',
    puntaje: 'Puntaje: %{puntaje}',
    // The files a client sent with a message, while they are kept: the button shows the name and
    // size, and its accessible name says what it does.
    adjuntos: 'Archivos adjuntos',
    adjunto: '%{nm} (%{tam})',
    descargarAdjunto: 'Descargar %{nm}',
    // A client's sessions, in the history's cards and the dashboard's Sesiones card.
    sesionesN: '%{smart_count} sesión |||| %{smart_count} sesiones',
    // The cards' pages: the clients shown of how many, or of more than `count` when the server only
    // knows there are more.
    pagina: '%{from}–%{to} de %{count}',
    paginaMasDe: '%{from}–%{to} de más de %{count}',
    // The reports.
    nombreInforme: 'Nombre',
    pedidoPor: 'Pedido por',
    usuarioEliminado: 'Usuario eliminado',
    fecha: 'Fecha',
    estado: 'Estado',
    acciones: 'Acciones',
    generando: 'Generando…',
    listo: 'Listo',
    descargar: 'Descargar',
    descargarInforme: 'Descargar %{name}',
    eliminar: 'Eliminar',
    eliminarInforme: 'Eliminar %{name}',
    confirmarEliminar: '¿Desea eliminar el informe?',
    eliminado: 'Eliminado con exito',
    progreso: 'Progreso del informe %{name}',
  },
};
