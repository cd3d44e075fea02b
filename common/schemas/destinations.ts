// The STOMP destinations clients subscribe to (the console's chat, the web widget), shared with the
// server's topics (common/topics.ts). Imports nothing, so the widget takes only these strings.

/** The web widget's conversation: whatever conversation its token opens. */
export const CONVERSATION_DESTINATION = '/user/conversacion';

/** The console's own chat with bot `idBot` under `psi`. */
export const consoleDestination = (idBot: string, psi: string) => `/user/bot/${idBot}/${psi}`;
