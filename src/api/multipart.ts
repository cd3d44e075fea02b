// A multipart/form-data body built as bytes, so that the integrity signature covers exactly what is
// sent (a FormData handed to fetch gets its boundary and bytes only inside fetch, out of reach of
// the signer).
export interface MultipartPart {
  name: string;
  value: string | Blob;
  /** The part's file name (a Blob's part always has one). */
  filename?: string;
  /** The part's Content-Type; a Blob's own type, else application/octet-stream, when absent. */
  type?: string;
}

export interface MultipartBody {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
}

/** A quoted header value: quotes, backslashes and line breaks escaped as browsers do. */
const quoted = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;

/** A Blob's bytes, through FileReader where Blob.arrayBuffer is missing. */
async function bytesOf(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader'));
    reader.readAsArrayBuffer(blob);
  });
}

export async function multipartBody(parts: MultipartPart[], boundary = `----QuipuForm${crypto.randomUUID().replace(/-/g, '')}`): Promise<MultipartBody> {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const isBlob = typeof part.value !== 'string';
    let head = `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(part.name)}`;
    if (isBlob) head += `; filename=${quoted(part.filename ?? (part.value instanceof File ? part.value.name : 'blob'))}`;
    const type = part.type ?? (isBlob ? (part.value as Blob).type || 'application/octet-stream' : undefined);
    if (type) head += `\r\nContent-Type: ${type}`;
    chunks.push(encoder.encode(`${head}\r\n\r\n`));
    chunks.push(typeof part.value === 'string' ? encoder.encode(part.value) : await bytesOf(part.value));
    chunks.push(encoder.encode('\r\n'));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((n, chunk) => n + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.length;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
