// The history's texts, dates in the company's time zone, and its filter rules.
import { HISTORY_TEXTS } from '../../../common/schemas/historial';

export const TEXTS = {
  ...HISTORY_TEXTS,
  titulo: 'Historial',
  bot: 'Bot',
  nombre: 'Nombre',
  filtros: 'Filtros',
  manual: 'Manual de usuario',
  resultados: 'Clientes',
  sinNombre: 'Sin nombre',
  sinDatos: 'No hay datos...',
  cargando: 'Cargando...',
  no: 'NO',
  si: 'SI',
  mensajesAnteriores: 'Mensajes anteriores',
  botsNoDisponibles: 'No se pudo leer la lista de bots de la empresa.',
  cliente: 'Cliente',
  skill: 'Skill',
  puntaje: 'Puntaje',
  ultimoMensaje: 'Último mensaje',
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
  eliminar: 'Eliminar',
  confirmarEliminar: '¿Desea eliminar el informe?',
  eliminado: 'Eliminado con exito',
  progreso: 'Progreso del informe',
  pagina: 'Página',
} as const;

export const sesionesLabel = (n: number) => (n === 1 ? '1 sesión' : `${n} sesiones`);

/** The clients a page shows of how many: the count, or, when the server only knows there are more than `count`, 'más de'. */
export const paginaLabel = (from: number, to: number, count: number, exact: boolean) => `${from}–${to} de ${exact ? '' : 'más de '}${count}`;

export interface HistoryFilters {
  idBot: string;
  /** YYYY-MM-DD. */
  fd: string;
  fh: string;
  name: string;
}

export interface FilterErrors {
  idBot?: string;
  fd?: string;
  fh?: string;
}

/**
 * The rules the filters break: no bot; Hasta before Desde, told on the day the user moved last
 * (`changed`) in that day's own words.
 */
export function filterErrors(filters: HistoryFilters, changed: 'fd' | 'fh'): FilterErrors {
  const errors: FilterErrors = {};
  if (!filters.idBot) errors.idBot = TEXTS.seleccioneBot;
  if (filters.fh < filters.fd) {
    if (changed === 'fd') errors.fd = TEXTS.desdeMenor;
    else errors.fh = TEXTS.hastaMayor;
  }
  return errors;
}

/** The first broken rule, if any. */
export const firstError = (errors: FilterErrors): string | undefined => errors.idBot ?? errors.fd ?? errors.fh;

/** Saves a file the server answered under `name`. */
export function saveBlob(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked at once, the address can be gone before the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
