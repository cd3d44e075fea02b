// The embed snippet a customer pastes into their page, and the channel key it carries. The encoding
// lives with the server's schemas (server/src/schemas/webchatKey.ts), which both sides import.
export { decodeCanalKey, embedSnippet, encodeCanalKey, widgetScriptUrl, WIDGET_SCRIPT_ID } from '../../server/src/schemas/webchatKey';
