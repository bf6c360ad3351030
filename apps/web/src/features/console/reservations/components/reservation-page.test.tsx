import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type {
  AdminCancelResult,
  AdminReservationDetail,
  DepositCaptureResponse,
  DepositPhoto,
  DepositSummary,
} from '@sas/domain';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import { FakeXhr } from '../../shared/testing/fake-xhr';
import { consoleSession } from '../../shared/testing/console-session';

function detail(overrides: Partial<AdminReservationDetail> = {}): AdminReservationDetail {
  return {
    id: 'booking-1',
    code: 'SAS-AB12CD',
    status: 'confirmed',
    bookedAt: '2030-12-01T10:00:00Z',
    cancelledAt: null,
    property: { id: 'uuid-1', propertyId: 'SAS-1001', name: 'Bear Den Lodge', timeZone: 'America/Denver' },
    checkIn: '2031-02-03',
    checkOut: '2031-02-07',
    nights: 4,
    guest: { firstName: 'Dana', lastName: 'Reyes', email: 'dana@example.com', phoneNumber: '+1 555 0100' },
    party: { adults: 2, children: 1, infants: 0, pets: 0 },
    priceLines: [
      { label: '4 nights', amount: 2000 },
      { label: 'Cleaning fee', amount: 250 },
      { label: 'Lodging tax', amount: 200.75 },
    ],
    addOns: [],
    totalAmount: 2450.75,
    currency: 'usd',
    payments: [
      {
        id: 'p1',
        provider: 'stripe',
        purpose: 'stay',
        status: 'succeeded',
        amount: 2450.75,
        createdAt: '2030-12-01T10:01:00Z',
      },
    ],
    refunds: [],
    schedule: [
      {
        seq: 1,
        dueDate: '2030-12-01',
        amount: 2450.75,
        status: 'paid',
        paidAt: '2030-12-01T10:01:00Z',
        failureMessage: null,
        payBy: null,
      },
    ],
    deposit: { amount: 0, status: 'none' },
    depositPhotos: [],
    reportedDamage: [],
    agreement: { version: '2026-11-25', acceptedAt: '2030-12-01T10:00:00Z', over25: false },
    emails: [
      {
        id: 'e1',
        kind: 'booking_confirmation',
        subject: 'Your stay at Bear Den Lodge',
        to: 'dana@example.com',
        status: 'sent',
        createdAt: '2030-12-01T10:02:00Z',
        sentAt: '2030-12-01T10:02:05Z',
      },
    ],
    notes: [],
    cancellation: null,
    ...overrides,
  };
}

const cancelled: AdminCancelResult = {
  code: 'SAS-AB12CD',
  status: 'cancelled',
  cancelledAt: '2031-01-10T12:00:00Z',
  refundChoice: 'policy',
  refundedAmount: 1225.38,
  refundStatus: 'done',
};

describe('a reservation in the console', () => {
  it('shows the guest, party, price and e-mails, and cancels once with the previewed policy refund', async () => {
    const cancels: unknown[] = [];
    let previews = 0;
    let resolveCancel: (response: Response) => void = () => {};
    stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/reservations/SAS-AB12CD': () =>
        json(cancels.length === 0 ? detail() : detail({ status: 'cancelled' })),
      'GET /api/admin/reservations/SAS-AB12CD/cancel-preview': () => {
        previews += 1;
        return json({
          code: 'SAS-AB12CD',
          paidAmount: 2450.75,
          policyPercent: 50,
          policyRefundAmount: 1225.38,
          fullRefundAmount: 2450.75,
        });
      },
      'POST /api/admin/reservations/SAS-AB12CD/cancel': ({ init }) => {
        cancels.push(JSON.parse(init?.body as string));
        return new Promise<Response>((resolve) => {
          resolveCancel = resolve;
        });
      },
    });
    const view = renderApp('/admin/reservations/SAS-AB12CD');

    expect(await screen.findByRole('heading', { level: 1, name: /Reservation SAS-AB12CD/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Guest' })).toHaveTextContent('dana@example.com');
    expect(screen.getByRole('region', { name: 'Stay' })).toHaveTextContent('2 adults, 1 child');
    expect(screen.getByRole('table', { name: 'Price lines' })).toHaveTextContent('Total$2,450.75');
    expect(screen.getByRole('table', { name: 'E-mails sent' })).toHaveTextContent('Your stay at Bear Den Lodge');

    const opener = screen.getByRole('button', { name: 'Cancel reservation' });
    await view.user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel reservation SAS-AB12CD' });
    expect(await within(dialog).findByLabelText(/By the cancellation policy \(50% today\): \$1,225.38/)).toBeChecked();
    expect(within(dialog).getByText('The guest will be refunded $1,225.38.')).toBeInTheDocument();

    await view.user.click(within(dialog).getByLabelText('Another amount'));
    await view.user.type(within(dialog).getByLabelText('Amount in dollars'), '3000');
    expect(within(dialog).getByText('The refund cannot be more than the $2,450.75 paid.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel reservation' })).toBeDisabled();
    await view.user.click(within(dialog).getByLabelText(/By the cancellation policy/));

    const confirm = within(dialog).getByRole('button', { name: 'Cancel and refund $1,225.38' });
    await view.user.click(confirm);
    await view.user.click(confirm);
    expect(within(dialog).getByRole('button', { name: 'Cancelling…' })).toBeDisabled();
    resolveCancel(json(cancelled));

    expect(
      await within(dialog).findByText(/Cancelled\. \$1,225\.38 refunded to the guest \(refund issued\)/),
    ).toBeInTheDocument();
    expect(cancels).toEqual([{ refund: 'policy' }]);
    // A cancelled booking has nothing to preview (the server answers 409): asked once, before confirming.
    expect(previews).toBe(1);
    expect(await screen.findByText('Cancelled', { selector: '.status-tag' })).toBeInTheDocument();
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The Cancel button that opened the dialog is gone: focus goes to the page's heading.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('adds a staff note', async () => {
    const notes: { id: string; body: string; authorEmail: string; createdAt: string }[] = [];
    stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/reservations/SAS-AB12CD': () => json(detail({ notes })),
      'POST /api/admin/reservations/SAS-AB12CD/notes': ({ init }) => {
        const { body } = JSON.parse(init?.body as string) as { body: string };
        const note = {
          id: `n${notes.length}`,
          body,
          authorEmail: 'staff@example.com',
          createdAt: '2031-01-01T09:00:00Z',
        };
        notes.push(note);
        return json(note, { status: 201 });
      },
    });
    const view = renderApp('/admin/reservations/SAS-AB12CD');
    await view.user.type(await screen.findByLabelText('New note'), 'Guest asked for a late check-out');
    await view.user.click(screen.getByRole('button', { name: 'Add note' }));
    const section = screen.getByRole('region', { name: 'Staff notes' });
    expect(await within(section).findByText(/Guest asked for a late check-out/)).toBeInTheDocument();
    expect(screen.getByLabelText('New note')).toHaveValue('');
  });

  it('shows the payment schedule, the deposit and the accepted agreement', async () => {
    stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/reservations/SAS-AB12CD': () =>
        json(
          detail({
            schedule: [
              {
                seq: 1,
                dueDate: '2030-12-01',
                amount: 816.93,
                status: 'paid',
                paidAt: '2030-12-01T10:01:00Z',
                failureMessage: null,
                payBy: null,
              },
              {
                seq: 2,
                dueDate: '2030-12-18',
                amount: 816.91,
                status: 'failed',
                paidAt: null,
                failureMessage: 'Your card was declined.',
                payBy: '2030-12-21T10:00:00Z',
              },
              {
                seq: 3,
                dueDate: '2031-01-04',
                amount: 816.91,
                status: 'scheduled',
                paidAt: null,
                failureMessage: null,
                payBy: null,
              },
            ],
            deposit: { amount: 600, status: 'held', heldUntil: '2031-02-01T07:00:00Z', capturedAmount: undefined },
            agreement: { version: '2026-11-25', acceptedAt: '2030-12-01T10:00:00Z', over25: true },
          }),
        ),
    });
    renderApp('/admin/reservations/SAS-AB12CD');

    const schedule = await screen.findByRole('table', { name: 'Payment schedule' });
    const rows = within(schedule).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^1 of 3Dec 1, 2030PaidPaid Dec 1, 2030.*\$816\.93$/),
      expect.stringMatching(/^2 of 3Dec 18, 2030FailedYour card was declined\. To be paid by Dec 21, 2030.*\$816\.91$/),
      expect.stringMatching(/^3 of 3Jan 4, 2031Scheduled—\$816\.91$/),
    ]);
    const deposit = screen.getByRole('region', { name: 'Security deposit' });
    expect(deposit).toHaveTextContent('Amount$600.00');
    expect(deposit).toHaveTextContent('StatusHeld on the card');
    expect(deposit).toHaveTextContent(/Held until\s*(Jan 31|Feb 1), 2031/);
    expect(within(deposit).getByRole('button', { name: 'Capture from deposit' })).toBeInTheDocument();
    const agreement = screen.getByRole('region', { name: 'Rental agreement' });
    expect(agreement).toHaveTextContent('Version2026-11-25');
    expect(agreement).toHaveTextContent(/Accepted\s*(Nov 30|Dec 1), 2030/);
    expect(agreement).toHaveTextContent('Primary renter over 25Confirmed');
  });

  it('says when a home asks for no deposit and a booking predates the agreement', async () => {
    stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/reservations/SAS-AB12CD': () =>
        json(detail({ schedule: [], deposit: { amount: 0, status: 'none' }, agreement: null })),
    });
    renderApp('/admin/reservations/SAS-AB12CD');
    const deposit = await screen.findByRole('region', { name: 'Security deposit' });
    expect(deposit).toHaveTextContent('This home asks for no deposit.');
    expect(within(deposit).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Rental agreement' })).toHaveTextContent(
      'Not recorded (booked before the agreement was asked).',
    );
    expect(screen.getByRole('region', { name: 'Payment schedule' })).toHaveTextContent('No schedule recorded');
  });

  it('shows an owner the stay without contact details, notes or actions', async () => {
    stubFetch({
      ...consoleSession('owner'),
      'GET /api/admin/reservations/SAS-AB12CD': () =>
        json(detail({ guest: { firstName: 'Dana', lastName: 'R.', email: null, phoneNumber: null }, emails: [] })),
    });
    renderApp('/admin/reservations/SAS-AB12CD');
    const guest = await screen.findByRole('region', { name: 'Guest' });
    expect(guest).toHaveTextContent('Dana R.');
    expect(guest).not.toHaveTextContent('E-mail');
    expect(screen.queryByRole('button', { name: 'Cancel reservation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Staff notes' })).not.toBeInTheDocument();
  });

  it('shows an owner the deposit and schedule, but no capture', async () => {
    stubFetch({
      ...consoleSession('owner'),
      'GET /api/admin/reservations/SAS-AB12CD': () =>
        json(
          detail({
            guest: { firstName: 'Dana', lastName: 'R.', email: null, phoneNumber: null },
            emails: [],
            deposit: { amount: 600, status: 'held', heldUntil: '2031-02-01T07:00:00Z' },
          }),
        ),
    });
    renderApp('/admin/reservations/SAS-AB12CD');
    const deposit = await screen.findByRole('region', { name: 'Security deposit' });
    expect(deposit).toHaveTextContent('Held on the card');
    expect(screen.getByRole('table', { name: 'Payment schedule' })).toHaveTextContent('$2,450.75');
    expect(screen.queryByRole('button', { name: 'Capture from deposit' })).not.toBeInTheDocument();
  });
});

const held: DepositSummary = { amount: 600, status: 'held', heldUntil: '2031-02-01T07:00:00Z' };

describe('capturing from a held deposit', () => {
  it('prefills a penalty, confirms, captures once and shows what was taken', async () => {
    const captures: unknown[] = [];
    let resolveCapture: (response: Response) => void = () => {};
    stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/reservations/SAS-AB12CD': () =>
        json(
          detail({
            deposit: captures.length === 0 ? held : { amount: 600, status: 'captured', capturedAmount: 500 },
          }),
        ),
      'POST /api/admin/reservations/SAS-AB12CD/deposit/capture': ({ init }) => {
        captures.push(JSON.parse(init?.body as string));
        return new Promise<Response>((resolve) => {
          resolveCapture = resolve;
        });
      },
    });
    const view = renderApp('/admin/reservations/SAS-AB12CD');

    await view.user.click(await screen.findByRole('button', { name: 'Capture from deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Capture from the deposit of SAS-AB12CD' });
    const reason = within(dialog).getByLabelText('Reason');
    expect(
      within(reason)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Unauthorised late check-out ($100)',
      'Smoking inside a home ($500)',
      'Lost keys or passes ($150)',
      'Damage',
    ]);
    expect(within(dialog).getByLabelText('Amount in dollars')).toHaveValue('100');
    await view.user.selectOptions(reason, 'smoking');
    expect(within(dialog).getByLabelText('Amount in dollars')).toHaveValue('500');
    expect(within(dialog).getByLabelText('Note (optional)')).not.toBeRequired();
    await view.user.click(within(dialog).getByRole('button', { name: 'Review the capture' }));

    const summary = within(dialog).getByText(
      (_, element) =>
        element?.tagName === 'P' &&
        /^Capture \$500\.00 of the \$600\.00 held, for Smoking inside a home\?/.test(element.textContent),
    );
    expect(summary).toHaveTextContent('The other $100.00 is released, and the guest is e-mailed.');
    await waitFor(() => expect(summary).toHaveFocus());
    const confirm = within(dialog).getByRole('button', { name: 'Capture $500.00' });
    await view.user.click(confirm);
    await view.user.click(confirm);
    expect(within(dialog).getByRole('button', { name: 'Capturing…' })).toBeDisabled();
    const answer: DepositCaptureResponse = {
      code: 'SAS-AB12CD',
      captured: 500,
      reason: 'smoking',
      released: 100,
      status: 'captured',
    };
    resolveCapture(json(answer));

    const done = await within(dialog).findByRole('status');
    expect(done).toHaveTextContent(
      'Captured $500.00 for Smoking inside a home; $100.00 of the hold released. The guest is e-mailed the amounts.',
    );
    await waitFor(() => expect(done).toHaveFocus());
    expect(captures).toEqual([{ amount: 500, reason: 'smoking' }]);
    // The page behind the dialog is hidden from assistive technology while it is open.
    const deposit = screen.getByRole('region', { name: 'Security deposit', hidden: true });
    expect(await within(deposit).findByText('Captured', { selector: 'dd' })).toBeInTheDocument();
    expect(deposit).toHaveTextContent('Captured$500.00');
    expect(
      within(deposit).queryByRole('button', { name: 'Capture from deposit', hidden: true }),
    ).not.toBeInTheDocument();
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The button that opened the dialog is gone: focus goes to the deposit's heading.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Security deposit' })).toHaveFocus());
  });

  it('prefills all of a hold smaller than the penalty', async () => {
    stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/reservations/SAS-AB12CD': () => json(detail({ deposit: { ...held, amount: 250 } })),
    });
    const view = renderApp('/admin/reservations/SAS-AB12CD');
    await view.user.click(await screen.findByRole('button', { name: 'Capture from deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Capture from the deposit of SAS-AB12CD' });
    await view.user.selectOptions(within(dialog).getByLabelText('Reason'), 'smoking');
    expect(within(dialog).getByLabelText('Amount in dollars')).toHaveValue('250');
    await view.user.selectOptions(within(dialog).getByLabelText('Reason'), 'lost-keys');
    expect(within(dialog).getByLabelText('Amount in dollars')).toHaveValue('150');
  });

  it('asks for a note and an amount within the hold for damage, and shows the server refusing it', async () => {
    const captures: unknown[] = [];
    stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/reservations/SAS-AB12CD': () => json(detail({ deposit: held })),
      'POST /api/admin/reservations/SAS-AB12CD/deposit/capture': ({ init }) => {
        captures.push(JSON.parse(init?.body as string));
        return json({ message: 'The hold was released before the capture.' }, { status: 409 });
      },
    });
    const view = renderApp('/admin/reservations/SAS-AB12CD');

    await view.user.click(await screen.findByRole('button', { name: 'Capture from deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Capture from the deposit of SAS-AB12CD' });
    await view.user.selectOptions(within(dialog).getByLabelText('Reason'), 'damage');
    const amount = within(dialog).getByLabelText('Amount in dollars');
    expect(amount).toHaveValue('');
    await view.user.type(amount, '650');
    // Submitted from the keyboard.
    await view.user.type(amount, '{Enter}');
    expect(amount).toHaveFocus();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription('The amount cannot be more than the $600.00 held.');

    await view.user.clear(amount);
    await view.user.type(amount, '250.5');
    await view.user.click(within(dialog).getByRole('button', { name: 'Review the capture' }));
    const note = within(dialog).getByLabelText('Note (required: what was damaged)');
    expect(note).toBeRequired();
    expect(note).toHaveFocus();
    expect(note).toHaveAccessibleDescription('Say what was damaged: a note is required.');
    await view.user.type(note, 'Cracked glass table in the living room');
    await view.user.click(within(dialog).getByRole('button', { name: 'Review the capture' }));
    expect(within(dialog).getByText(/Note: Cracked glass table in the living room/)).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Capture $250.50' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Not captured: The hold was released before the capture.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(captures).toEqual([{ amount: 250.5, reason: 'damage', note: 'Cracked glass table in the living room' }]);
    // What was typed is kept, to fix and try again.
    expect(within(dialog).getByLabelText('Amount in dollars')).toHaveValue('250.5');
    expect(within(dialog).getByLabelText('Note (required: what was damaged)')).toHaveValue(
      'Cracked glass table in the living room',
    );
  });
});

function depositPhoto(key: string): DepositPhoto {
  return { key, url: `/media/${key}-1600.webp`, thumbnailUrl: `/media/${key}-480.webp` };
}

function jpeg(name: string, bytes = 2048): File {
  return new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
}

describe("a deposit's photos", () => {
  it('uploads photos with a progress bar each and shows them as thumbnails with alt text', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.sent = [];
    const photos = [depositPhoto('u-scratch')];
    stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/reservations/SAS-AB12CD': () => json(detail({ deposit: held, depositPhotos: [...photos] })),
    });
    const view = renderApp('/admin/reservations/SAS-AB12CD');

    const deposit = await screen.findByRole('region', { name: 'Security deposit' });
    const list = within(deposit).getByRole('list', { name: 'Photos' });
    const image = within(list).getByRole('img', { name: 'Deposit photo 1 of 1' });
    expect(image).toHaveAttribute('src', '/media/u-scratch-480.webp');
    expect(within(list).getByRole('link', { name: 'Deposit photo 1 of 1' })).toHaveAttribute(
      'href',
      '/media/u-scratch-1600.webp',
    );
    expect(deposit).toHaveTextContent('1 photo of at most 10.');

    await view.user.upload(within(deposit).getByLabelText('Choose photos to upload'), [
      jpeg('table.jpg'),
      jpeg('wall.jpg'),
    ]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const first = FakeXhr.sent[0]!;
    expect(first.method).toBe('POST');
    expect(first.url).toBe('/api/admin/reservations/SAS-AB12CD/deposit/photos');
    expect(first.headers.Authorization).toBe('Bearer access-1');
    expect((first.body?.get('files') as File).name).toBe('table.jpg');
    first.progress(1024, 2048);
    expect(await within(deposit).findByRole('progressbar', { name: 'table.jpg' })).toHaveAttribute('value', '1024');

    photos.push(depositPhoto('u-table'));
    first.respond(201, [depositPhoto('u-table')]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    // The server's refusal is shown beside the file it concerns.
    FakeXhr.sent[1]!.respond(422, {
      message: 'A deposit keeps at most 10 photos, and this one has 10: remove one before adding another.',
    });
    const refusal = await within(deposit).findByText(/^Not added: A deposit keeps at most 10 photos/);
    expect(refusal).toHaveAttribute('role', 'alert');
    expect(refusal.closest('li')).toHaveTextContent('wall.jpg');
    expect(within(deposit).getByText('1 of 2 photos added.')).toBeInTheDocument();
    expect(within(deposit).getByText('Attached to the deposit')).toBeInTheDocument();

    // The reservation is read again: the new photo is shown.
    expect(await within(list).findByRole('img', { name: 'Deposit photo 2 of 2' })).toHaveAttribute(
      'src',
      '/media/u-table-480.webp',
    );
    expect(deposit).toHaveTextContent('2 photos of at most 10.');
  });

  it('removes a mistaken photo from the keyboard after confirming, and the focus goes to the heading', async () => {
    let photos = [depositPhoto('u-one'), depositPhoto('u-two')];
    const deletes: string[] = [];
    stubFetch({
      ...consoleSession('admin'),
      'GET /api/admin/reservations/SAS-AB12CD': () => json(detail({ deposit: held, depositPhotos: photos })),
      'DELETE /api/admin/reservations/SAS-AB12CD/deposit/photos/u-two': ({ url }) => {
        deletes.push(url.pathname);
        photos = photos.filter((photo) => photo.key !== 'u-two');
        return new Response(null, { status: 204 });
      },
    });
    const view = renderApp('/admin/reservations/SAS-AB12CD');

    const remove = await screen.findByRole('button', { name: 'Remove Deposit photo 2 of 2' });
    remove.focus();
    await view.user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Remove this photo?' });
    expect(within(dialog).getByRole('img', { name: 'Deposit photo 2 of 2' })).toBeInTheDocument();
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(remove).toHaveFocus());
    expect(deletes).toEqual([]);

    await view.user.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: 'Remove this photo?' });
    within(again).getByRole('button', { name: 'Remove photo' }).focus();
    await view.user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes).toEqual(['/api/admin/reservations/SAS-AB12CD/deposit/photos/u-two']);
    const deposit = screen.getByRole('region', { name: 'Security deposit' });
    expect(
      within(deposit)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Deposit photo 1 of 1']);
    expect(within(deposit).getByText('Photo 2 removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Photos' })).toHaveFocus());
  });

  it("keeps a captured deposit's photos and shows an owner the photos without changing them", async () => {
    stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/reservations/SAS-AB12CD': () =>
        json(
          detail({
            deposit: { amount: 600, status: 'captured', capturedAmount: 250 },
            depositPhotos: [depositPhoto('u-one')],
          }),
        ),
    });
    const staffView = renderApp('/admin/reservations/SAS-AB12CD');
    const deposit = await screen.findByRole('region', { name: 'Security deposit' });
    expect(within(deposit).getByRole('img', { name: 'Deposit photo 1 of 1' })).toBeInTheDocument();
    expect(within(deposit).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    // More may be added after the capture; the e-mail already sent does not list them.
    expect(within(deposit).getByLabelText('Choose photos to upload')).toBeInTheDocument();
    expect(deposit).toHaveTextContent('Photos added now are not in the e-mail the guest was already sent.');
    staffView.unmount();

    stubFetch({
      ...consoleSession('owner'),
      'GET /api/admin/reservations/SAS-AB12CD': () =>
        json(
          detail({
            guest: { firstName: 'Dana', lastName: 'R.', email: null, phoneNumber: null },
            emails: [],
            deposit: held,
            depositPhotos: [depositPhoto('u-one'), depositPhoto('u-two')],
          }),
        ),
    });
    renderApp('/admin/reservations/SAS-AB12CD');
    const forOwner = await screen.findByRole('region', { name: 'Security deposit' });
    expect(within(forOwner).getAllByRole('img')).toHaveLength(2);
    expect(within(forOwner).queryByRole('button')).not.toBeInTheDocument();
    expect(within(forOwner).queryByLabelText('Choose photos to upload')).not.toBeInTheDocument();
  });

  it('says in the capture dialog that photos are attached to a damage capture, or that none are', async () => {
    let photos: DepositPhoto[] = [];
    stubFetch({
      ...consoleSession('staff'),
      'GET /api/admin/reservations/SAS-AB12CD': () => json(detail({ deposit: held, depositPhotos: photos })),
    });
    const view = renderApp('/admin/reservations/SAS-AB12CD');
    await view.user.click(await screen.findByRole('button', { name: 'Capture from deposit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Capture from the deposit of SAS-AB12CD' });
    // A penalty without photos: nothing to say.
    expect(within(dialog).queryByText(/photos? (is|are) attached/i)).not.toBeInTheDocument();
    await view.user.selectOptions(within(dialog).getByLabelText('Reason'), 'damage');
    expect(within(dialog).getByText(/^No photos are attached\./)).toBeInTheDocument();
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    view.unmount();

    photos = [depositPhoto('u-one'), depositPhoto('u-two')];
    const next = renderApp('/admin/reservations/SAS-AB12CD');
    await next.user.click(await screen.findByRole('button', { name: 'Capture from deposit' }));
    dialog = await screen.findByRole('dialog', { name: 'Capture from the deposit of SAS-AB12CD' });
    await next.user.selectOptions(within(dialog).getByLabelText('Reason'), 'damage');
    const attached = within(dialog).getByRole('list', {
      name: "2 photos are attached: the guest's e-mail links to them.",
    });
    expect(
      within(attached)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Deposit photo 1 of 2', 'Deposit photo 2 of 2']);
    await next.user.type(within(dialog).getByLabelText('Amount in dollars'), '120');
    await next.user.type(within(dialog).getByLabelText('Note (required: what was damaged)'), 'Scratched table');
    await next.user.click(within(dialog).getByRole('button', { name: 'Review the capture' }));
    expect(within(dialog).getByText("2 photos are attached: the guest's e-mail links to them.")).toBeInTheDocument();
  });
});
