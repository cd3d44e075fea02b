// The dashboard's Spanish texts, in one place (the rules' texts come from the wire's DASHBOARD_TEXTS).
import { DASHBOARD_TEXTS, HISTORY_TEXTS } from '../../../common/schemas/historial';

export const TEXTS = {
  ...DASHBOARD_TEXTS,
  hastaMayor: HISTORY_TEXTS.hastaMayor,
  titulo: 'Dashboard',
  filtros: 'Filtros del dashboard',
  bot: 'Bot',
  desde: 'Desde',
  hasta: 'Hasta',
  tipo: 'Tipo',
  tiempo: 'Tiempo',
  sesiones: 'Sesiones',
  clientes: 'Clientes',
  mensajes: 'Mensajes',
  dias: 'Días',
  horas: 'Horas',
  general: 'General',
  total: 'Total',
  cargando: 'Cargando...',
  vacio: 'No hubo conversaciones en el rango elegido.',
  sinBots: 'No hay bots que mostrar.',
  errorBots: 'No se pudo consultar la lista de bots',
  lineaTiempo: 'Conversaciones en el tiempo',
  topSkills: 'Skills más usados',
  canales: 'Canales',
  departamentos: 'Departamentos',
  bots: 'Bots',
  departamento: 'Departamento',
  skill: 'Skill',
  respuestas: 'Respuestas',
  canal: 'Canal',
  dia: 'Día',
  hora: 'Hora',
  verTabla: 'Ver como tabla',
  verGrafico: 'Ver como gráfico',
  verMas: 'Ver más',
  sinNombre: 'Sin nombre',
  sinSesiones: 'No hay sesiones en el rango elegido.',
} as const;

/** Days of the week as the timeline labels them, dia 1 (Sunday) to 7 (Saturday). */
export const WEEKDAYS = ['Dom', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb'] as const;
