import type { CollectionName } from '@sas/domain';

export const collectionDescriptions: Record<CollectionName, string> = {
  essentials:
    'Comfortable, thoughtfully kept homes close to Main Street and the lifts, for guests who want great value without giving up quality.',
  resort:
    'Ski-in, ski-out condos and townhomes with resort amenities: heated pools, hot tubs, shuttles and fitness rooms steps from your door.',
  luxury:
    'Our finest mountain homes, with designer interiors, private hot tubs, chef-ready kitchens and sweeping views of the Tenmile Range.',
  michigan:
    "Lakeshore cottages and beach houses on Michigan's freshwater coast, made for sunsets, sandy toes and long summer evenings.",
};
