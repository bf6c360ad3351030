// Factories for the console's home screens: valid per the @sas/domain
// contracts, unique per call, with overrides.
import type { AdminPhoto, AdminProperty } from '@sas/domain';
import { createPropertyDetails } from '@/testing/data-generators';
import { createSessionUser } from '@/testing/auth-data';
import { json, stubFetch, type MockHandler } from '@/testing/mock-fetch';

let sequence = 0;

export function createAdminPhoto(homeId: string, overrides: Partial<AdminPhoto> = {}): AdminPhoto {
  sequence += 1;
  const key = `upload-${sequence}`;
  return {
    id: `${homeId}.${key}`,
    key,
    alt: `Living room ${sequence}`,
    width: 1600,
    height: 1067,
    url: `/media/${key}-1600.webp`,
    thumbnailUrl: `/media/${key}-480.webp`,
    ...overrides,
  };
}

export function createAdminProperty(overrides: Partial<AdminProperty> = {}): AdminProperty {
  const { reviewsData: _reviews, photos: _photos, nearbyPlaces: _places, ...details } = createPropertyDetails();
  return {
    ...details,
    published: true,
    address: null,
    checkInTime: null,
    arrivalInstructions: null,
    doorCode: null,
    lodgingLicense: null,
    depositAmount: 0,
    ageRestricted: false,
    updatedAt: '2031-01-05T10:00:00.000Z',
    amenities: [
      { item: 'Hot tub', category: 'Outdoor' },
      { item: 'Espresso machine', category: 'Kitchen' },
    ],
    nearbyPlaces: [],
    photos: [],
    ...overrides,
  };
}

/** Signs in as staff (the console's company screens) and answers `handlers` besides the session check. */
export function stubConsole(handlers: Record<string, MockHandler>) {
  localStorage.setItem('token', 'access-1');
  return stubFetch({
    'GET /api/check-session': () => json(createSessionUser({ role: 'staff', isGuest: false })),
    ...handlers,
  });
}

/** The JSON body of the fetch call made for `method path`, parsed. */
export function bodyOf(fetchMock: ReturnType<typeof stubFetch>, method: string, path: string): unknown {
  const call = fetchMock.mock.calls.find(([input, init]) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), window.location.origin);
    return (init?.method ?? 'GET') === method && url.pathname === path;
  });
  if (!call) throw new Error(`No ${method} ${path} was sent`);
  return JSON.parse(call[1]?.body as string) as unknown;
}
