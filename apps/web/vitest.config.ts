// Component tests that share one jsdom per worker (vitest.projects.ts).
import { componentTestProject } from './vitest.projects.ts';

export default componentTestProject('shared');
