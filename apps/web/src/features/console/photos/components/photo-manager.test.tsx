import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPhoto } from '@sas/domain';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderSection } from '@/testing/render-section';
import { FakeXhr } from '../../shared/testing/fake-xhr';
import { PhotoManager } from './photo-manager';

const homeId = '3f0c6f7e-8a4b-4c1d-9e2f-5a6b7c8d9e01';

function photo(key: string, alt: string): AdminPhoto {
  return {
    id: `${homeId}.${key}`,
    key,
    alt,
    width: 1600,
    height: 1067,
    url: `/media/${key}-1600.webp`,
    thumbnailUrl: `/media/${key}-480.webp`,
  };
}

function Harness({ initial, onChanged }: { initial: AdminPhoto[]; onChanged: (photos?: AdminPhoto[]) => void }) {
  const [photos, setPhotos] = useState(initial);
  return (
    <PhotoManager
      homeId={homeId}
      photos={photos}
      onChanged={(next) => {
        onChanged(next);
        if (next) setPhotos(next);
      }}
    />
  );
}

function jpeg(name: string, bytes = 2048): File {
  return new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  localStorage.setItem('token', 'access-1');
});

describe('uploading photos', () => {
  it('sends each picked file on its own with the bearer token and a progress bar per file', async () => {
    stubFetch({});
    const onChanged = vi.fn();
    const { user } = renderSection(<Harness initial={[]} onChanged={onChanged} />);

    await user.upload(screen.getByLabelText('Choose photos to upload'), [jpeg('deck.jpg'), jpeg('kitchen.jpg')]);

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const first = FakeXhr.sent[0]!;
    expect(first.method).toBe('POST');
    expect(first.url).toBe(`/api/admin/properties/${homeId}/photos`);
    expect(first.headers.Authorization).toBe('Bearer access-1');
    expect((first.body?.get('files') as File).name).toBe('deck.jpg');

    first.progress(1024, 2048);
    const bar = await screen.findByRole('progressbar', { name: 'deck.jpg' });
    expect(bar).toHaveAttribute('value', '1024');
    expect(screen.getByText('Uploading, 50%')).toBeInTheDocument();

    first.respond(201, [photo('deck', 'deck.jpg')]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect((FakeXhr.sent[1]!.body?.get('files') as File).name).toBe('kitchen.jpg');
    expect(onChanged).toHaveBeenCalledTimes(1);

    FakeXhr.sent[1]!.respond(201, [photo('kitchen', 'kitchen.jpg')]);
    expect(await screen.findByText('2 of 2 photos added.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("shows the server's refusal beside the file it concerns and goes on with the others", async () => {
    stubFetch({});
    const onChanged = vi.fn();
    renderSection(<Harness initial={[]} onChanged={onChanged} />);

    // Dropped on the zone rather than picked.
    const zone = screen.getByText(/Drag photos here/).parentElement!;
    const files = [new File(['not a photo'], 'notes.txt', { type: 'text/plain' }), jpeg('deck.jpg')];
    fireEvent.drop(zone, {
      dataTransfer: { files, items: files.map((f) => ({ kind: 'file', getAsFile: () => f })), types: ['Files'] },
    });

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    // The browser's guess is shown, but the server decides.
    expect(screen.getByText('This may not be a JPEG, PNG, WebP, AVIF or HEIC photo.')).toBeInTheDocument();
    FakeXhr.sent[0]!.respond(415, {
      message: 'This file is not a photo we can read (JPEG, PNG, WebP, AVIF or HEIC) (notes.txt).',
    });

    const refusal = await screen.findByText(/^Not added: This file is not a photo we can read/);
    expect(refusal).toHaveAttribute('role', 'alert');
    expect(refusal.closest('li')).toHaveTextContent('notes.txt');

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.sent[1]!.respond(201, [photo('deck', 'deck.jpg')]);
    expect(await screen.findByText('1 of 2 photos added.')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('refreshes an expired token once and sends the file again', async () => {
    localStorage.setItem('refreshToken', 'refresh-1');
    stubFetch({ 'POST /api/auth/refresh': () => json({ token: 'access-2' }) });
    const { user } = renderSection(<Harness initial={[]} onChanged={vi.fn()} />);

    await user.upload(screen.getByLabelText('Choose photos to upload'), [jpeg('deck.jpg')]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.respond(401, { message: 'Your session has expired' });

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent[1]!.headers.Authorization).toBe('Bearer access-2');
    FakeXhr.sent[1]!.respond(201, [photo('deck', 'deck.jpg')]);
    expect(await screen.findByText('Added to the photos')).toBeInTheDocument();
  });
});

describe("a home's photos", () => {
  const photos = [photo('deck', 'Deck at dusk'), photo('kitchen', 'Kitchen'), photo('bunks', 'Bunk room')];

  it('moves a photo with the keyboard, keeps the focus on it and saves the new order', async () => {
    const fetchMock = stubFetch({
      [`PUT /api/admin/properties/${homeId}/photos/order`]: ({ init }) => {
        const { photoIds } = JSON.parse(init?.body as string) as { photoIds: string[] };
        return json(photoIds.map((id) => photos.find((p) => p.id === id)));
      },
    });
    const onChanged = vi.fn();
    const { user } = renderSection(<Harness initial={photos} onChanged={onChanged} />);

    screen.getByRole('button', { name: 'Move down photo 1 (Deck at dusk)' }).focus();
    await user.keyboard('{Enter}');

    const items = within(screen.getByRole('list', { name: '' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('img').getAttribute('alt'))).toEqual([
      'Kitchen',
      'Deck at dusk',
      'Bunk room',
    ]);
    expect(screen.getByRole('button', { name: 'Move down photo 2 (Deck at dusk)' })).toHaveFocus();
    expect(screen.getByText('photo 1 (Deck at dusk) moved to position 2 of 3.')).toBeInTheDocument();
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(JSON.parse(init?.body as string)).toEqual({
      photoIds: [photos[1]!.id, photos[0]!.id, photos[2]!.id],
    });

    // At the end of the list Move down is disabled: focus moves to Move up.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Move up photo 3 (Deck at dusk)' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Move down photo 3 (Deck at dusk)' })).toBeDisabled();
  });

  it("saves a photo's alt text and shows the server's refusal", async () => {
    let answer: Response = json({ message: 'Alt text cannot be empty' }, { status: 400 });
    const fetchMock = stubFetch({ [`PATCH /api/admin/photos/${photos[1]!.id}`]: () => answer });
    const { user } = renderSection(<Harness initial={photos} onChanged={vi.fn()} />);

    const alt = screen.getByLabelText('Alt text of photo 2');
    await user.clear(alt);
    await user.click(screen.getByRole('button', { name: 'Save alt text of photo 2' }));
    expect(await screen.findByText('Alt text cannot be empty')).toBeInTheDocument();
    expect(alt).toHaveAttribute('aria-invalid', 'true');

    answer = json([photos[0], { ...photos[1], alt: 'Kitchen island with stools' }, photos[2]]);
    await user.type(alt, 'Kitchen island with stools');
    await user.click(screen.getByRole('button', { name: 'Save alt text of photo 2' }));
    expect(await screen.findByText('Alt text saved.')).toBeInTheDocument();
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(patches[1]![1]?.body as string)).toEqual({ alt: 'Kitchen island with stools' });
  });

  it('deletes a photo only after it is confirmed', async () => {
    const fetchMock = stubFetch({
      [`DELETE /api/admin/photos/${photos[2]!.id}`]: () => new Response(null, { status: 204 }),
    });
    const onChanged = vi.fn();
    const { user } = renderSection(<Harness initial={photos} onChanged={onChanged} />);

    await user.click(screen.getByRole('button', { name: 'Delete photo 3 (Bunk room)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this photo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete photo 3 (Bunk room)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete photo' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(undefined));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
