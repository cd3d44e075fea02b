// The embed snippet a customer pastes into their page, and the channel key it carries. The encoding
// lives with the server's schemas (common/schemas/webchatKey.ts), which both sides import.
export { decodeCanalKey, embedSnippet, encodeCanalKey, widgetScriptUrl, WIDGET_SCRIPT_ID } from '../../common/schemas/webchatKey';
