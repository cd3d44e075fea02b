// The widget's style sheet, inside its shadow root, and the CSS variables that carry a channel's
// appearance. Each variable's fallback is the channel default (WEB_DEFAULTS; a console test keeps
// them equal), so a channel that sets nothing, or a refused one, still looks like Quipu's chat.
import type { WebConfig } from '../../common/schemas/canales';

/** CSS variable → [the channel's value, its fallback]. */
export function cssVariables(web: WebConfig): Record<string, string> {
  const t = web.theme ?? {};
  const vars: Record<string, string | null | undefined> = {
    '--qw-w': web.width,
    '--qw-h': web.height,
    '--qw-bottom': web.bottom,
    '--qw-right': web.right,
    '--qw-btn-w': web.widthBtn,
    '--qw-btn-h': web.heightBtn,
    '--qw-btn-pad': web.paddingBtn,
    '--qw-btn-shadow': web.shadowBtn,
    '--qw-btn-bg': t.bgBtn,
    '--qw-head-bg': t.headerBgColor,
    '--qw-head-fg': t.headerFontColor,
    '--qw-head-fs': t.headerFontSize,
    '--qw-bot-bg': t.botBubbleColor,
    '--qw-bot-fg': t.botFontColor,
    '--qw-user-bg': t.userBubbleColor,
    '--qw-user-fg': t.userFontColor,
    '--qw-bg': t.background,
    '--qw-font': t.fontFamily,
    '--qw-bubble-max': t.bubbleMaxWidth,
    '--qw-welcome-h': web.welcomeHeight == null ? undefined : `${web.welcomeHeight}px`,
  };
  return Object.fromEntries(Object.entries(vars).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '' && !/[;{}]/.test(e[1])));
}

/** The fallbacks of the variables above: the web channel's defaults (a 360px by 540px window, a 60px welcome). */
export const CSS_FALLBACKS = {
  '--qw-w': '360px',
  '--qw-h': '540px',
  '--qw-bottom': '20px',
  '--qw-right': '20px',
  '--qw-btn-w': '60px',
  '--qw-btn-h': '60px',
  '--qw-btn-pad': '14px',
  '--qw-btn-shadow': '0 4px 12px rgba(0, 0, 0, 0.25)',
  '--qw-btn-bg': 'rgba(103, 58, 183, 1)',
  '--qw-head-bg': 'rgba(103, 58, 183, 1)',
  '--qw-head-fg': 'rgba(255, 255, 255, 1)',
  '--qw-head-fs': '16px',
  '--qw-bot-bg': 'rgba(103, 58, 183, 1)',
  '--qw-bot-fg': 'rgba(255, 255, 255, 1)',
  '--qw-user-bg': 'rgba(255, 255, 255, 1)',
  '--qw-user-fg': 'rgba(33, 33, 33, 1)',
  '--qw-bg': 'rgba(255, 255, 255, 1)',
  '--qw-font': 'system-ui, sans-serif',
  '--qw-bubble-max': '80%',
  '--qw-welcome-h': '60px',
} as const;

const v = (name: keyof typeof CSS_FALLBACKS) => `var(${name}, ${CSS_FALLBACKS[name]})`;

export const STYLE_SHEET = `
:host { all: initial; }
.qw { font-family: ${v('--qw-font')}; font-size: 14px; line-height: 1.4; color: rgba(33, 33, 33, 1); }
.qw *, .qw *::before, .qw *::after { box-sizing: border-box; }
.qw button, .qw input { font: inherit; }
.qw :focus-visible { outline: 3px solid rgba(255, 171, 0, 1); outline-offset: 2px; }
.qw-fab, .qw-win { position: fixed; z-index: 2147483000; right: ${v('--qw-right')}; }
.qw--preview .qw-fab, .qw--preview .qw-win { position: absolute; z-index: 1; }
.qw--preview { position: relative; width: 100%; min-height: calc(${v('--qw-h')} + ${v('--qw-btn-h')} + 3 * ${v('--qw-bottom')}); }
.qw-fab { bottom: ${v('--qw-bottom')}; width: ${v('--qw-btn-w')}; height: ${v('--qw-btn-h')}; padding: ${v('--qw-btn-pad')};
  border: 0; border-radius: 50%; background: ${v('--qw-btn-bg')}; color: rgba(255, 255, 255, 1); box-shadow: ${v('--qw-btn-shadow')};
  cursor: pointer; display: flex; align-items: center; justify-content: center; overflow: hidden; }
.qw-fab img, .qw-fab svg { width: 100%; height: 100%; object-fit: contain; display: block; }
.qw-fab--full { padding: 0; background: transparent; }
.qw-fab--full img { object-fit: cover; }
.qw-win { bottom: calc(${v('--qw-bottom')} + ${v('--qw-btn-h')} + 12px); width: ${v('--qw-w')}; height: ${v('--qw-h')};
  max-width: calc(100vw - ${v('--qw-right')} - 8px); max-height: calc(100vh - ${v('--qw-btn-h')} - 2 * ${v('--qw-bottom')} - 12px);
  display: flex; flex-direction: column; background: ${v('--qw-bg')}; border-radius: 12px; overflow: hidden;
  box-shadow: 0 8px 28px rgba(0, 0, 0, 0.28); }
.qw--fixed .qw-win { bottom: ${v('--qw-bottom')}; max-height: calc(100vh - 2 * ${v('--qw-bottom')}); }
/* Held right-aligned, the window keeps 8 px clear of the left edge: of the screen, or of the preview's box. */
.qw--preview .qw-win { max-height: none; max-width: calc(100% - ${v('--qw-right')} - 8px); }
.qw-win[hidden] { display: none; }
.qw-head { display: flex; align-items: center; gap: 8px; padding: 10px 12px; background: ${v('--qw-head-bg')}; color: ${v('--qw-head-fg')}; }
.qw-head h2 { flex: 1; margin: 0; font-size: ${v('--qw-head-fs')}; font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.qw-logo { height: 28px; max-width: 80px; object-fit: contain; }
.qw-x { border: 0; background: transparent; color: inherit; cursor: pointer; font-size: 20px; line-height: 1; padding: 4px 8px; border-radius: 6px; }
/* The channel's welcome height is the banner's least height: a longer text wraps and the banner grows, up to half the window. */
.qw-welcome { position: relative; flex: none; min-height: ${v('--qw-welcome-h')}; max-height: 50%; overflow-x: hidden; overflow-y: auto;
  padding: 8px 36px 8px 12px; background: rgba(0, 0, 0, 0.05); color: rgba(33, 33, 33, 1); border-bottom: 1px solid rgba(0, 0, 0, 0.08); }
.qw-welcome p { margin: 0; white-space: pre-line; overflow-wrap: anywhere; }
.qw-welcome .qw-x { position: absolute; top: 4px; right: 4px; color: rgba(33, 33, 33, 1); font-size: 16px; }
.qw-log { flex: 1; overflow-y: auto; padding: 12px; display: flex; flex-direction: column; gap: 8px; background: ${v('--qw-bg')}; }
.qw-row { display: flex; align-items: flex-end; gap: 6px; }
.qw-row--user { flex-direction: row-reverse; }
.qw-avatar { width: 28px; height: 28px; border-radius: 50%; flex: none; object-fit: cover; background: ${v('--qw-head-bg')};
  color: ${v('--qw-head-fg')}; display: flex; align-items: center; justify-content: center; font-size: 13px; font-weight: 600; }
.qw-row--user .qw-avatar { background: rgba(0, 0, 0, 0.15); color: rgba(33, 33, 33, 1); }
.qw-msg { max-width: ${v('--qw-bubble-max')}; display: flex; flex-direction: column; gap: 4px; min-width: 0; }
.qw-row--rich { align-items: flex-start; }
.qw-row--rich .qw-msg { max-width: calc(100% - 34px); flex: 1; }
.qw-bubble { padding: 8px 12px; border-radius: 14px; overflow-wrap: anywhere; }
.qw-bot { background: ${v('--qw-bot-bg')}; color: ${v('--qw-bot-fg')}; border-bottom-left-radius: 4px; }
.qw-user { background: ${v('--qw-user-bg')}; color: ${v('--qw-user-fg')}; border: 1px solid rgba(0, 0, 0, 0.12); border-bottom-right-radius: 4px; }
.qw-text { margin: 0; white-space: pre-line; }
.qw-strong { font-weight: 600; }
.qw-img { display: block; max-width: 100%; max-height: 200px; border-radius: 8px; }
.qw-btns { display: flex; flex-direction: column; gap: 4px; margin-top: 6px; }
.qw-btn { display: block; text-align: center; padding: 6px 10px; border-radius: 8px; border: 1px solid currentColor; background: transparent;
  color: inherit; text-decoration: none; cursor: pointer; }
.qw-card .qw-btn, .qw-user .qw-btn { color: ${v('--qw-head-bg')}; }
.qw-card { border: 1px solid rgba(0, 0, 0, 0.12); border-radius: 10px; overflow: hidden; background: rgba(255, 255, 255, 1); color: rgba(33, 33, 33, 1); height: 100%; display: flex; flex-direction: column; }
.qw-card-img { width: 100%; height: 110px; object-fit: cover; display: block; background: rgba(0, 0, 0, 0.06); }
.qw-card-body { padding: 8px 10px 0; flex: 1; }
.qw-card-title { margin: 0; font-weight: 600; }
.qw-card-sub { margin: 2px 0 0; font-size: 13px; color: rgba(80, 80, 80, 1); }
.qw-card .qw-btns { padding: 8px 10px 10px; }
.qw-cards { display: flex; gap: 8px; overflow-x: auto; scroll-snap-type: x mandatory; list-style: none; margin: 0; padding: 2px; }
.qw-slide { flex: 0 0 85%; scroll-snap-align: start; }
.qw--doble .qw-slide { flex-basis: calc(50% - 4px); }
.qw-nav { display: flex; justify-content: flex-end; gap: 4px; margin-top: 4px; }
.qw-arrow { width: 30px; height: 30px; border-radius: 50%; border: 1px solid rgba(0, 0, 0, 0.2); background: rgba(255, 255, 255, 1); cursor: pointer; font-size: 18px; line-height: 1; color: rgba(33, 33, 33, 1); }
.qw-quick { display: flex; flex-wrap: wrap; gap: 6px; justify-content: flex-end; }
.qw-chip { padding: 6px 12px; border-radius: 16px; border: 1px solid ${v('--qw-head-bg')}; background: rgba(255, 255, 255, 1); color: ${v('--qw-head-bg')}; cursor: pointer; }
.qw-failed { font-size: 12px; color: rgba(183, 28, 28, 1); text-align: right; }
.qw-failed button { border: 0; background: transparent; color: inherit; text-decoration: underline; cursor: pointer; padding: 0 0 0 4px; }
.qw-status { margin: 0; padding: 0 12px; color: rgba(27, 94, 32, 1); }
.qw-status:not(:empty) { padding: 6px 12px; background: rgba(232, 245, 233, 1); border-top: 1px solid rgba(0, 0, 0, 0.08); }
.qw-alert { margin: 0; padding: 8px 12px; background: rgba(255, 243, 224, 1); color: rgba(102, 60, 0, 1); border-top: 1px solid rgba(0, 0, 0, 0.08); }
.qw-alert p { margin: 0; overflow-wrap: anywhere; }
.qw-sent-file { font-size: 13px; }
/* The chosen files: a few rows at most, so a small window keeps room for the conversation. The padding leaves the focus ring unclipped. */
.qw-files { display: flex; flex-wrap: wrap; gap: 4px; margin: 0; padding: 6px 8px; list-style: none; max-height: 84px; overflow-y: auto;
  border-top: 1px solid rgba(0, 0, 0, 0.1); background: rgba(255, 255, 255, 1); }
.qw-file { display: inline-flex; align-items: center; gap: 2px; max-width: 100%; padding: 2px 2px 2px 10px; border-radius: 14px;
  background: rgba(0, 0, 0, 0.06); color: rgba(33, 33, 33, 1); font-size: 12px; }
.qw-file-name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 180px; }
.qw-file-x { flex: none; width: 24px; height: 24px; padding: 0; border: 0; border-radius: 50%; background: transparent; color: inherit;
  cursor: pointer; font-size: 16px; line-height: 1; }
.qw-file-x:hover { background: rgba(0, 0, 0, 0.1); }
.qw-form { display: flex; gap: 6px; padding: 8px; border-top: 1px solid rgba(0, 0, 0, 0.1); background: rgba(255, 255, 255, 1); }
.qw-form input[type="text"] { flex: 1; min-width: 0; padding: 8px 10px; border: 1px solid rgba(0, 0, 0, 0.3); border-radius: 8px; color: rgba(33, 33, 33, 1); background: rgba(255, 255, 255, 1); }
/* A dark icon on the form's white, whatever the channel's colours (a light header colour would fade it). */
.qw-attach { flex: none; width: 36px; padding: 6px; border: 0; border-radius: 8px; background: transparent; color: rgba(66, 66, 66, 1); cursor: pointer;
  display: flex; align-items: center; justify-content: center; }
.qw-attach svg { width: 20px; height: 20px; display: block; }
.qw-attach:hover { background: rgba(0, 0, 0, 0.06); }
.qw-send { padding: 8px 12px; border: 0; border-radius: 8px; background: ${v('--qw-head-bg')}; color: ${v('--qw-head-fg')}; cursor: pointer; }
.qw-send:disabled, .qw-attach:disabled, .qw-form input:disabled { opacity: 0.6; cursor: not-allowed; }
.qw-sr { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
@media (prefers-reduced-motion: reduce) { .qw-cards { scroll-behavior: auto; } }
`;
