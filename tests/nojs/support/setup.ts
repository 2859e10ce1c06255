// Runs before each spec file of the request-handler level (vitest.nojs.config.ts): the fixtures'
// hooks first, so they wrap the spec's own.
import { registerFixtures } from "./fixtures";

registerFixtures();
