// A history written once into a folder and reused by the benches that read one (bench/history.ts,
// bench/informe-carga.ts): the server migrates and seeds the demo data, as a first `npm start`
// does, then the history is written beside it (historyData.ts). Its description is kept in the
// folder's historia.json; a folder written for another shape, or FRESH=1, is written again.
import fs from 'node:fs';
import path from 'node:path';
import { writeHistory, type GeneratedHistory, type HistoryShape } from './historyData';
import { startServer } from './server';

export interface SavedHistory extends Omit<GeneratedHistory, 'messagesPerDay'> {
  shape: HistoryShape;
  messagesPerDay: [string, number][];
}

export async function preparedHistory(dir: string, shape: HistoryShape): Promise<SavedHistory> {
  const marker = path.join(dir, 'historia.json');
  if (!process.env.FRESH && fs.existsSync(marker)) {
    const saved = JSON.parse(fs.readFileSync(marker, 'utf8')) as SavedHistory;
    if (JSON.stringify(saved.shape) === JSON.stringify(shape)) {
      console.log(`  datos de ${dir} (escritos el ${saved.today})`);
      return saved;
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const first = await startServer({ dataDir: dir, env: { SEED_DEMO: '1' } });
  await first.stop();
  const generated = writeHistory(path.join(dir, 'quipu.db'), shape, Date.now());
  const saved: SavedHistory = { ...generated, shape, messagesPerDay: [...generated.messagesPerDay] };
  fs.writeFileSync(marker, JSON.stringify(saved));
  return saved;
}
