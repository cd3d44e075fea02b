// Texts of the dashboard: its filters, totals, charts, detail tables and Sesiones card. Spread into
// the app catalogue (es.ts) under `quipu`. The range rules the server also answers come from its
// schema (DASHBOARD_TEXTS, HISTORY_TEXTS), so both sides say the same.
import { DASHBOARD_TEXTS, HISTORY_TEXTS } from '../../common/schemas/historial';

export const dashboardTexts = {
  dashboard: {
    ...DASHBOARD_TEXTS,
    hastaMayor: HISTORY_TEXTS.hastaMayor,
    titulo: 'Dashboard',
    filtros: 'Filtros del dashboard',
    bot: 'Bot',
    tipo: 'Tipo',
    tiempo: 'Tiempo',
    sesiones: 'Sesiones',
    clientes: 'Clientes',
    aproximadamente: 'aproximadamente',
    aproximados: 'aproximados',
    clientesAprox: '≈ Con tantos clientes en el rango, su número es una estimación: puede diferir del exacto en alrededor de un 1 %.',
    clientesPorHora: 'Clientes (suma diaria)',
    clientesPorHoraNota:
      'Clientes (suma diaria): cada día, cada cliente cuenta una vez, en la hora de su primer mensaje de ese día, y se suman los días del rango; quien escribe en dos días cuenta dos veces.',
    mensajes: 'Mensajes',
    dias: 'Días',
    horas: 'Horas',
    general: 'General',
    total: 'Total',
    cargando: 'Cargando...',
    vacio: 'No hubo conversaciones en el rango elegido.',
    sinBots: 'No hay bots que mostrar.',
    errorBots: 'No se pudo consultar la lista de bots: %{error}',
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
    // The charts' names for screen readers; %{serie} is the series in lower case.
    graficoArea: 'Gráfico de área: %{serie} y mensajes por %{porTiempo}',
    porDia: 'día de la semana',
    porHora: 'hora del día',
    graficoSkills: 'Gráfico circular: respuestas de los %{n} skills más usados',
    graficoCanales: 'Gráfico circular: %{serie} por canal',
    // A timeline point's label: the weekday, dia 1 (Sunday) to 7 (Saturday), or the hour.
    diaSemana: { 1: 'Dom', 2: 'Lun', 3: 'Mar', 4: 'Mié', 5: 'Jue', 6: 'Vie', 7: 'Sáb' },
    horaDelDia: '%{hora} h',
  },
};
