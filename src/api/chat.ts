// The test chat and its companions: POST and DELETE /webchat/demo (with files, POST /webchat/demo.archivos),
// 'Probar Skill' (POST /skill.test) and the bot's regression tests (/bot.pruebas, /bot.prueba).
// Named custom methods of the data provider.
import {
  CHAT_FILES,
  type ChatMessage,
  type Prueba,
  type PruebaBody,
  type PruebaResultado,
  type SkillTestAnswer,
  type SkillTestBody,
  type TurnDebug,
  type WebchatAnswer,
  type WebchatBody,
  type WebchatEndBody,
  type WebchatMissedAnswer,
} from '../../common/schemas/chat';
import { jsonCaller, type HttpClient } from './http';
import { multipartBody } from './multipart';

export type { ChatMessage, Prueba, PruebaBody, PruebaResultado, SkillTestAnswer, SkillTestBody, TurnDebug, WebchatAnswer, WebchatBody, WebchatEndBody };

export function createChatApi(apiUrl: string, httpClient: HttpClient) {
  const call = jsonCaller(apiUrl, httpClient);
  const q = encodeURIComponent;

  return {
    /** POST /webchat/demo: the answer's messages are also published to the user's /user/bot/{idBot}/{psi}. */
    sendDemo: (body: WebchatBody) => call<WebchatAnswer>('POST', '/webchat/demo', body),
    /**
     * POST /webchat/demo.archivos: the same turn with files, as a multipart signed over its exact
     * bytes: `datos` (the body's JSON) and each file in `archivo1`, `archivo2`… with its name.
     */
    sendDemoFiles: async (body: WebchatBody, files: readonly File[]) => {
      const multipart = await multipartBody([
        { name: 'datos', value: JSON.stringify(body), type: 'application/json' },
        ...files.map((file, index) => ({ name: `${CHAT_FILES.part}${index + 1}`, value: file, filename: file.name })),
      ]);
      const headers = { 'Content-Type': multipart.contentType };
      return (await httpClient<WebchatAnswer>(`${apiUrl}/webchat/demo.archivos`, { method: 'POST', bytes: multipart.body, headers })).json;
    },
    /** POST /webchat/demo.terminar: ends the conversation's wait for a person; the bot's notice is also published. */
    endHumanDemo: (body: WebchatEndBody) => call<WebchatAnswer>('POST', '/webchat/demo.terminar', body),
    /** GET /webchat/demo/mensajes?idBot&psi&desde: the bot's messages after `desde`, for a chat back from a lost connection. */
    missedDemo: (idBot: string, psi: string, desde?: string) =>
      call<WebchatMissedAnswer>('GET', `/webchat/demo/mensajes?idBot=${q(idBot)}&psi=${q(psi)}${desde ? `&desde=${q(desde)}` : ''}`),
    /** DELETE /webchat/demo?idBot&psi: deletes that test conversation. */
    clearDemo: (idBot: string, psi: string) => call<unknown>('DELETE', `/webchat/demo?idBot=${q(idBot)}&psi=${q(psi)}`),
    /** POST /skill.test: the phrase test, or with `token` the token test, of a saved skill. */
    testSkill: (body: SkillTestBody) => call<SkillTestAnswer>('POST', '/skill.test', body),
    getPruebas: (idBot: string) => call<Prueba[]>('GET', `/bot.pruebas?idBot=${q(idBot)}`),
    savePrueba: (body: PruebaBody) => call<Prueba>('POST', '/bot.prueba', body),
    deletePrueba: (id: string) => call<unknown>('DELETE', `/bot.prueba?id=${q(id)}`),
    /** POST /bot.pruebas.run?idBot: replays every saved test against the working definition. */
    runPruebas: (idBot: string) => call<PruebaResultado[]>('POST', `/bot.pruebas.run?idBot=${q(idBot)}`),
  };
}
