import { lazy } from 'react';
import { HomePage } from '@/features/home/components/home-page';

// Carousels (and Embla) download only when the featured section scrolls near.
const FeaturedCollections = lazy(() =>
  import('@/features/collections/components/featured-collections').then((module) => ({
    default: module.FeaturedCollections,
  })),
);

export function Component() {
  return <HomePage featuredHomes={<FeaturedCollections />} />;
}
