// 'Exportar configuración': the relay's configuration, already base64 text, saved
// as a file named after the bot with the extension .yanicfg.

/** A file name without the characters file systems refuse. */
export function yanicfgName(nombre: string | null | undefined): string {
  const printable = [...(nombre ?? '')].filter((char) => char >= ' ').join('');
  const base = printable.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'canal';
  return `${base}.yanicfg`;
}

export function downloadText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
