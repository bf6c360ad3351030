// Component tests that mock a module, each file in a worker of its own (vitest.projects.ts).
import { componentTestProject } from './vitest.projects.ts';

export default componentTestProject('isolated');
