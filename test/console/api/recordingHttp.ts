// A data provider over a fake http client that records URL, method and body of every call
// (ra-data-simple-rest style tests), answering `json`.
import { vi } from 'vitest';
import type { HttpClient, HttpOptions } from '../../../src/api/http';
import { createDataProvider } from '../../../src/api/dataProvider';

export const API = 'http://api.test/api';

export function setup(json: unknown = {}) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  const httpClient = vi.fn(async (url: string, options: HttpOptions = {}) => {
    calls.push({ url, method: options.method ?? 'GET', body: options.body === undefined ? undefined : JSON.parse(options.body) });
    return { status: 200, headers: new Headers(), body: JSON.stringify(json), json };
  }) as unknown as HttpClient;
  const provider = createDataProvider(API, httpClient, () => '3');
  return { provider, calls };
}
