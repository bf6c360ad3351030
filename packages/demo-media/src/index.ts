// The demo photos without the encoder: the scene pool (keys, alt texts and
// drawings), the stored pixel sizes and the seeded PRNG. The seed catalogue
// (packages/db) picks its photos from here; rendering and writing the files,
// which needs sharp, is the separate entry point `@sas/demo-media/render`.
export { createRandom, type Random } from './random.js';
export { largestPhotoWidth, photoHeight } from './photo-size.js';
export {
  sceneKeys,
  sceneSvg,
  scenes,
  type Scene,
  type SceneGroup,
  type SceneRegion,
  type SceneRoom,
} from './scenes.js';
