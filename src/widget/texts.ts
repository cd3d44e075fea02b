// What the widget itself says (Spanish). The channel's own texts (title, placeholder, welcome) come
// from its web configuration; these are the controls' names and the widget's notices.
export const WIDGET_TEXTS = {
  abrir: 'Abrir chat',
  cerrar: 'Cerrar chat',
  cerrarBienvenida: 'Cerrar mensaje de bienvenida',
  mensaje: 'Mensaje',
  enviar: 'Enviar',
  mensajes: 'Mensajes',
  respuestasRapidas: 'Respuestas rápidas',
  carrusel: 'Opciones',
  anterior: 'Anterior',
  siguiente: 'Siguiente',
  imagen: 'Imagen',
  usted: 'Usted',
  noEnviado: 'No se pudo enviar.',
  reintentar: 'Reintentar',
  sinConexion: 'No se pudo conectar con el chat. Intente nuevamente más tarde.',
  reconectando: 'Reconectando con el chat…',
  recuperada: 'Conexión recuperada.',
  abriendo: 'Conectando…',
  adjuntar: 'Adjuntar archivos',
  elegirArchivos: 'Elegir archivos para adjuntar',
  archivos: 'Archivos adjuntos',
  quitarArchivo: (nombre: string) => `Quitar ${nombre}`,
} as const;

/** The channel's texts when its configuration does not say (the server fills them from WEB_DEFAULTS; a refused channel sends none). */
export const FALLBACK_TEXTS = {
  headerTitle: 'Chat',
  placeholder: 'Escriba su mensaje…',
} as const;
