// The knowledge base worker's entry: the server's TypeScript runs through tsx, in this thread too.
import { tsImport } from 'tsx/esm/api';

await tsImport('./kbWorker.ts', import.meta.url);
