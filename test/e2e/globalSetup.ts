// The end-to-end suite runs against the built console: build it first when it is missing or stale,
// unless QUIPU_E2E_CONSOLE_DIR names a console built elsewhere (support/server.ts).
// The packaged browser is unpacked here, once, before test files that run side by side launch it.
// @ts-expect-error plain ES module without types
import { ensureBuilt } from '../../scripts/lib.mjs';

import { executablePath } from './support/chromium';

export default async function setup() {
  if (!process.env.QUIPU_E2E_CONSOLE_DIR) ensureBuilt();
  await executablePath();
}
