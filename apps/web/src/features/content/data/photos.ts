import type { Photo } from '@sas/domain';

/**
 * A photo of the generated scene pool (packages/demo-media src/scenes.ts),
 * which the server renders into DATA_DIR/media at start-up in every stored
 * width: 3:2, 1600 wide at most.
 */
export function scenePhoto(key: string, alt: string): Photo {
  return { key, alt, width: 1600, height: 1067 };
}
