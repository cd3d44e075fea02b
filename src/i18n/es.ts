// The console's Spanish catalogue: react-admin's whole catalogue (raEs) plus the app texts.
import type { TranslationMessages } from 'ra-core';
import { administracionTexts } from './esAdministracion';
import { accionesTexts } from './esAcciones';
import { botsTexts } from './esBots';
import { canalesTexts } from './esCanales';
import { canalWebTexts } from './esCanalWeb';
import { chatTexts } from './esChat';
import { dashboardTexts } from './esDashboard';
import { facebookTexts } from './esFacebook';
import { flujoTexts } from './esFlujo';
import { historialTexts } from './esHistorial';
import { marcoTexts } from './esMarco';
import { qnaTexts } from './esQna';
import { requerimientosTexts } from './esRequerimientos';
import { skillsTexts } from './esSkills';
import { twitterTexts } from './esTwitter';
import { versionesTexts } from './esVersiones';
import { raEs } from './raEs';

export const appTexts = {
  menu: {
    label: 'Menú principal',
    // The sidebar's custom pages; a resource's link reads resources.<name>.name.
    dashboard: 'Dashboard',
    cfg: 'Email',
    qnas: 'Skills QnA',
    canal: 'Canales',
    bot: 'Bots',
    historial: 'Historial',
    about: 'Acerca de',
    // Beside a link whose screen is not built yet.
    proximamente: 'Próximamente',
  },
  userMenu: {
    boton: 'Perfil',
    botonCon: '%{nombre} (perfil)',
    miEmpresa: 'Mi empresa',
    cambiarPassword: 'Cambiar contraseña',
  },
  sinAcceso: {
    titulo: 'Sin acceso',
    texto: 'Su usuario no tiene acceso a esta página. Si necesita entrar, consulte con el administrador de su empresa.',
    volver: 'Ir al inicio',
  },
  construccion: {
    titulo: 'En construcción',
    texto: 'Esta sección todavía no está disponible en la consola.',
  },
  about: {
    titulo: 'Acerca de',
    rama: 'Rama',
    commit: 'Commit',
    fecha: 'Fecha de la versión',
    sinDato: 'Sin información',
    // The year the console was built, as the footer's copyright.
    derechos: 'Derechos reservados - %{anio}',
    advertencia:
      'Advertencia: este programa está protegido por las leyes de derechos de autor y los tratados internacionales. ' +
      'La reproducción o distribución no autorizada de este programa, o de cualquier parte de él, está prohibida ' +
      'y dará lugar a las acciones civiles y penales que correspondan.',
  },
  // Leaving a form with unsaved changes: the question is react-admin's ra.message.unsaved_changes.
  salir: {
    guardarYSalir: 'Guardar y salir',
    salirSinGuardar: 'Salir sin guardar',
    cancelar: 'Cancelar',
    guardando: 'Guardando...',
  },
  cambiar: {
    titulo: 'Cambiar contraseña',
    current: 'Contraseña actual',
    passwd1: 'Nueva contraseña',
    passwd2: 'Verificar contraseña',
  },
};

export const es: TranslationMessages = {
  ra: raEs,
  resources: {
    usuarios: { name: 'Usuarios' },
    empresas: { name: 'Empresas' },
    auditoria: { name: 'Auditoría' },
    bots: { name: 'Bots' },
    skills: { name: 'Skills' },
    canales: { name: 'Canales' },
  },
  quipu: {
    ...appTexts,
    ...administracionTexts,
    ...marcoTexts,
    ...botsTexts,
    ...flujoTexts,
    ...versionesTexts,
    ...skillsTexts,
    ...accionesTexts,
    ...requerimientosTexts,
    ...chatTexts,
    ...canalesTexts,
    ...canalWebTexts,
    ...facebookTexts,
    ...twitterTexts,
    ...dashboardTexts,
    ...historialTexts,
    ...qnaTexts,
  },
};
