// Texts of the Twitter (X) editor. Spread into the app catalogue (es.ts) under `quipu`. The
// sentences the server also answers come from its schemas.
import { CANAL_MESSAGES } from '../../common/schemas/canales';
import { TWITTER_MESSAGES } from '../../common/schemas/twitter';

export const twitterTexts = {
  canalTwitter: {
    titulo: 'Twitter',
    pasos: 'Cómo conectar una cuenta de X (Twitter)',
    paso1: '1. Cree la app de X',
    paso1Texto:
      'Entre al portal de desarrolladores de X (developer.x.com) con la cuenta de la empresa, cree un proyecto y dentro de él una app. Pida acceso a la Account Activity API para esa app: sin él X no entrega los mensajes directos.',
    paso2: '2. Copie las claves',
    paso2Texto:
      'En "Keys and tokens" de la app copie el API Key (consumer key) y el API Key Secret (consumer secret). Luego genere el Access Token y el Access Token Secret de la cuenta que responderá los mensajes directos. Guárdelos en un lugar seguro.',
    paso3: '3. La dirección del webhook',
    paso3Texto:
      'Al pulsar "Conectar", Quipu registra en X esta dirección como webhook de la app y responde la validación (CRC) que X hace con el consumer secret. La dirección debe ser pública y https.',
    paso4: '4. Permisos de la app',
    paso4Texto:
      'En "User authentication settings" elija el permiso "Read and write and Direct message". Si cambia los permisos, vuelva a generar el Access Token y el Access Token Secret: los anteriores conservan los permisos viejos.',
    webhook: 'Dirección del webhook',
    webhookSinGuardar: 'La dirección aparece cuando el canal está guardado.',
    env: 'Env',
    envAyuda: 'Nombre de la suscripción de la cuenta en Quipu (la API v2 de X no tiene entornos)',
    consumerKey: 'Consumer key',
    consumerSecret: 'Consumer secret',
    accessToken: 'Access token',
    accessTokenSecret: 'Access token secret',
    secretoGuardado: 'Hay un valor guardado; escríbalo de nuevo para guardar',
    conectar: 'Conectar',
    desconectar: 'Desconectar',
    desconectarTitulo: 'Desconectar',
    desconectarTexto: CANAL_MESSAGES.confirmDisconnect,
    cancelar: 'Cancelar',
    siDesactivar: 'Si, Desactivar',
    desconectado: CANAL_MESSAGES.disconnected,
    conectado: 'Conectado con éxito',
    cuenta: 'Conectado como @%{username}',
    conectadoSinUsuario: 'Conectado',
    sinConectar: 'Sin conectar: escriba el env y las claves de la app y pulse "Conectar".',
    noConfigurado: TWITTER_MESSAGES.notConfigured,
    noConfiguradoAyuda: 'X no pudo validar el webhook (CRC). Revise que la dirección sea pública y pulse "Activar".',
    activar: 'Activar',
    webhookValido: 'Webhook validado por X',
    verificando: 'Verificando el webhook con X…',
  },
};
