// Runs before each server test file. The files share a worker and its modules
// (vitest.config.ts, isolate: false), so what a test helper keeps between
// calls starts again here for each file, as it would in a worker of its own.
import { resetStays } from './booking.js';

resetStays();
