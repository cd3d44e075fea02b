// The end-to-end suite runs against the built console: build it first when it is missing or stale.
// @ts-expect-error plain ES module without types
import { ensureBuilt } from '../../scripts/lib.mjs';

export default function setup() {
  ensureBuilt();
}
