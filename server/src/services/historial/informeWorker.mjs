// The report worker's entry: the server's TypeScript runs through tsx, in this thread too.
import { tsImport } from 'tsx/esm/api';

await tsImport('./informeWorker.ts', import.meta.url);
