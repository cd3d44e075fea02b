// The customer's site of the web chat tests: a plain page on its own origin, 'Tienda Aurora', whose
// body ends with whatever embed snippet it is given at the time it is asked for.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Shop {
  url: string;
  close: () => Promise<void>;
}

export function shopServer(snippet: () => string): Promise<Shop> {
  const shop = http.createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Tienda Aurora</title></head>` +
        `<body><main><h1>Tienda Aurora</h1><p>Velas y jabones hechos a mano.</p></main>${snippet()}</body></html>`,
    );
  });
  return new Promise((resolve) =>
    shop.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(shop.address() as AddressInfo).port}`, close: () => new Promise<void>((done) => shop.close(() => done())) }),
    ),
  );
}
