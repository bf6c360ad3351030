import { lazyPart } from '@/components/lazy-part';
import { HomePage } from '@/features/home/components/home-page';

// Carousels (and Embla) download only when the featured section scrolls near.
const FeaturedCollections = lazyPart(() =>
  import('@/features/collections/components/featured-collections').then((module) => module.FeaturedCollections),
);

export function Component() {
  return <HomePage featuredHomes={<FeaturedCollections />} />;
}
