// 'Probar Bot': the test chat panel of the bot editor, with its debug panel and regression tests.
export { ProbarBotButton } from './ProbarBotButton';
