// Preloaded into the server by chat-load.ts (node --import): counts the statements the server sends
// to its database, which on PostgreSQL are round trips (pg's Client.query; BEGIN and COMMIT count),
// and on SQLite statements run (better-sqlite3). On SIGUSR2 it writes the counts so far, total and
// by SQL text, as JSON to QUERY_COUNT_FILE. It changes nothing else.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const file = process.env.QUERY_COUNT_FILE;
const require = createRequire(import.meta.url);
const counts = new Map();
let total = 0;
let signals = 0;

function count(text) {
  total += 1;
  const key = String(text).slice(0, 300);
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

if (file) {
  const pg = require('pg');
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function counted(config, ...rest) {
    count(typeof config === 'string' ? config : config?.text);
    return query.call(this, config, ...rest);
  };
  const SQLite = require('better-sqlite3');
  const probe = new SQLite(':memory:');
  const Statement = Object.getPrototypeOf(probe.prepare('select 1'));
  probe.close();
  for (const method of ['run', 'get', 'all', 'iterate']) {
    const original = Statement[method];
    Statement[method] = function counted(...args) {
      count(this.source);
      return original.apply(this, args);
    };
  }
  process.on('SIGUSR2', () => {
    signals += 1;
    fs.writeFileSync(file, JSON.stringify({ signals, total, bySql: Object.fromEntries(counts) }));
  });
}
