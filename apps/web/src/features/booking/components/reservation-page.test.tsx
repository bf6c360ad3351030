import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { agreementMessages } from '@sas/domain';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';
import { createDraft, createQuote, createStartState, homeId, requestBody } from '../testing/booking-data';
import { readDraft, saveDraft } from '../utils/reservation-draft';

function startFromProperty(key = 'visit-1') {
  return renderApp({ pathname: '/reservation', state: createStartState(), key });
}

async function fillContact(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText('First name'), 'Avery');
  await user.type(screen.getByLabelText('Last name'), 'Lindqvist');
  await user.type(screen.getByLabelText('Email'), 'avery@example.com');
  await user.type(screen.getByLabelText('Phone number'), '+1 970 555 0199');
}

function total() {
  return screen.getByTestId('order-total').textContent;
}

describe('reservation flow', () => {
  afterEach(() => sessionStorage.clear());

  it('asks the visitor to start from a property page when there is nothing to reserve', async () => {
    renderApp('/reservation');
    expect(
      await screen.findByText(
        'Error: No reservation data found. Please start your reservation from the property page.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Reserve your stay | Summit & Shore'));
  });

  it('summarises the stay and keeps Next disabled until all four contact fields are filled', async () => {
    const { user } = startFromProperty();

    expect(await screen.findByRole('heading', { level: 1, name: 'Reserve your stay' })).toBeInTheDocument();
    const progress = screen.getByRole('progressbar', { name: 'Reservation progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    const summary = screen.getByRole('complementary', { name: 'Bear Den Lodge' });
    expect(within(summary).getByText('Mon, Apr 12, 2027')).toBeInTheDocument();
    expect(within(summary).getByText('2 adults, 1 child')).toBeInTheDocument();
    expect(total()).toBe('$1,291.11');

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('type', 'tel');
    for (const field of ['First name', 'Last name', 'Email', 'Phone number']) {
      expect(screen.getByLabelText(field)).toBeRequired();
      expect(screen.getByLabelText(field)).toHaveValue('');
    }

    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText('First name'), 'Avery');
    await user.type(screen.getByLabelText('Last name'), 'Lindqvist');
    await user.type(email, 'avery@example.com');
    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText('Phone number'), '555 0199');
    expect(next).toBeEnabled();

    await user.click(next);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Customize your stay' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
  });

  it('explains a malformed e-mail address next to the field instead of moving on', async () => {
    const { user } = startFromProperty();
    await screen.findByRole('heading', { level: 1, name: 'Reserve your stay' });
    await fillContact(user);
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'avery-at-example');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter an email address such as name@example.com.');
    expect(email).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1, name: 'Reserve your stay' })).toBeInTheDocument();
  });

  it('offers texts and marketing e-mail unticked; a ticked text box needs a full phone number', async () => {
    const { user } = startFromProperty();
    await screen.findByRole('heading', { level: 1, name: 'Reserve your stay' });
    const texts = screen.getByRole('checkbox', { name: 'Text me the arrival details and the checkout reminder' });
    const offers = screen.getByRole('checkbox', { name: /E-mail me offers/ });
    expect(texts).not.toBeChecked();
    expect(offers).not.toBeChecked();
    await fillContact(user);
    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '555 0199');
    await user.click(texts);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const phone = screen.getByLabelText('Phone number');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(
      'Phone number must be a full phone number with its country code, like +1 555 010 0123, to receive text messages.',
    );
    expect(phone).toHaveFocus();

    await user.clear(phone);
    await user.type(phone, '+1 970 555 0199');
    await user.click(offers);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Customize your stay' });
    expect(readDraft()?.contact).toMatchObject({ textMessages: true, marketingEmail: true });
  });

  it('adds and removes add-ons, asks how often for housekeeping, and keeps the total in step', async () => {
    saveDraft(createDraft({ step: 2, startKey: 'visit-2' }));
    const { user } = renderApp({ pathname: '/reservation', state: createStartState(), key: 'visit-2' });

    await screen.findByRole('heading', { level: 1, name: 'Customize your stay' });
    const chef = screen.getByRole('checkbox', { name: 'Private Chef $200.00' });
    const housekeeping = screen.getByRole('checkbox', { name: 'Housekeeping $100.00' });
    expect(within(screen.getByRole('region', { name: 'Add-ons' })).getAllByRole('checkbox')).toHaveLength(6);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    await user.click(chef);
    expect(total()).toBe('$1,491.11');

    await user.click(housekeeping);
    const frequency = screen.getByRole('group', { name: 'Housekeeping frequency' });
    expect(within(frequency).getByRole('radio', { name: 'Daily' })).toBeChecked();
    await user.click(within(frequency).getByRole('radio', { name: 'Weekly' }));
    expect(within(frequency).getByRole('radio', { name: 'Weekly' })).toBeChecked();
    expect(total()).toBe('$1,591.11');
    expect(screen.getByText('Housekeeping (Weekly)')).toBeInTheDocument();
    expect(readDraft()?.addOns).toEqual([
      { id: 1, name: 'Housekeeping', price: 100_00, option: 'Weekly' },
      { id: 3, name: 'Private Chef', price: 200_00 },
    ]);

    await user.click(chef);
    expect(total()).toBe('$1,391.11');
    await user.click(housekeeping);
    expect(screen.queryByRole('group', { name: 'Housekeeping frequency' })).not.toBeInTheDocument();
    expect(total()).toBe('$1,291.11');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reserve your stay' })).toHaveFocus();
    expect(screen.getByLabelText('First name')).toHaveValue('Avery');
  });

  it('does not proceed to payment until the rental agreement is accepted, and says why beside the box', async () => {
    // The payment step's requests never answer: this test ends where it starts.
    stubFetch({ 'GET /api/stripe/publishable-key': () => new Promise<Response>(() => {}) });
    saveDraft(createDraft({ step: 2, startKey: 'visit-4', agreement: { accepted: false, over25: false } }));
    const { user } = renderApp({ pathname: '/reservation', state: createStartState(), key: 'visit-4' });
    await screen.findByRole('heading', { level: 1, name: 'Customize your stay' });

    const accept = screen.getByRole('checkbox', { name: 'I accept the rental agreement' });
    expect(accept).toBeRequired();
    expect(accept).not.toBeChecked();
    const link = screen.getByRole('link', { name: 'rental agreement' });
    expect(link).toHaveAttribute('href', '/rental-agreement');
    expect(link).toHaveAttribute('target', '_blank');
    expect(accept).toHaveAccessibleDescription(/opens in a new tab/);
    // An ordinary home: no age question, no deposit.
    expect(screen.queryByRole('checkbox', { name: /over 25/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('deposit-note')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Customize your stay' })).toBeInTheDocument();
    expect(accept).toHaveAttribute('aria-invalid', 'true');
    expect(accept).toHaveAccessibleDescription(expect.stringContaining(agreementMessages.required));
    expect(accept).toHaveFocus();

    await user.click(accept);
    expect(accept).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText(agreementMessages.required)).not.toBeInTheDocument();
    expect(readDraft()?.agreement).toEqual({ accepted: true, over25: false });
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
  });

  it('asks for the over-25 tick and states the deposit for an age-restricted home, and keeps the ticks across steps and a reload', async () => {
    const start = createStartState();
    const state = { ...start, home: { ...start.home, ageRestricted: true, depositAmount: 500 } };
    const first = renderApp({ pathname: '/reservation', state, key: 'visit-5' });
    await screen.findByRole('heading', { level: 1, name: 'Reserve your stay' });
    await fillContact(first.user);
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Customize your stay' });

    expect(screen.getByTestId('deposit-note')).toHaveTextContent(
      'This home has a security deposit of $500.00: a hold on your card, not a charge, placed 7 days before check-in',
    );
    const accept = screen.getByRole('checkbox', { name: 'I accept the rental agreement' });
    const over25 = screen.getByRole('checkbox', { name: 'The primary renter is over 25' });
    await first.user.click(accept);
    await first.user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    // The first box left unticked gets the focus and the reason.
    expect(over25).toHaveFocus();
    expect(over25).toHaveAttribute('aria-invalid', 'true');
    expect(over25).toHaveAccessibleDescription(agreementMessages.over25);
    expect(accept).toHaveAttribute('aria-invalid', 'false');
    await first.user.click(over25);

    // Back and Next keep them.
    await first.user.click(screen.getByRole('button', { name: 'Back' }));
    await first.user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('checkbox', { name: 'I accept the rental agreement' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'The primary renter is over 25' })).toBeChecked();
    first.unmount();

    // So does a reload.
    renderApp({ pathname: '/reservation', state, key: 'visit-5' });
    expect(await screen.findByRole('checkbox', { name: 'I accept the rental agreement' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'The primary renter is over 25' })).toBeChecked();
  });

  it('resumes at the same step after a reload', async () => {
    const first = startFromProperty('visit-3');
    await screen.findByRole('heading', { level: 1, name: 'Reserve your stay' });
    await fillContact(first.user);
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Customize your stay' });
    await first.user.click(screen.getByRole('checkbox', { name: 'Guided Tour $100.00' }));
    first.unmount();

    // The browser keeps the navigation state (and its key) across a reload.
    startFromProperty('visit-3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customize your stay' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Guided Tour $100.00' })).toBeChecked();
    expect(total()).toBe('$1,391.11');
  });

  it('resumes the saved reservation when opened without navigation state', async () => {
    saveDraft(createDraft({ step: 2 }));
    renderApp('/reservation');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customize your stay' })).toBeInTheDocument();
  });

  it('starts over when the guest comes from a property page again', async () => {
    saveDraft(createDraft({ step: 2, startKey: 'an-earlier-visit' }));
    startFromProperty('a-new-visit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reserve your stay' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('');
  });

  it('edits the dates in place: a rule the server refuses is shown there, new dates are re-priced', async () => {
    const fetchMock = stubFetch({
      [`POST /api/properties/${homeId}/quote`]: ({ init }) => {
        const body = requestBody(init) as { checkout_date: string };
        return body.checkout_date === '2027-04-13'
          ? json({ message: 'This home has a 2-night minimum stay from Apr 12.' }, { status: 422 })
          : json(
              createQuote({
                checkin_date: '2027-04-12',
                checkout_date: '2027-04-18',
                nights: 6,
                basePrice: 1500,
                taxes: 202.46,
                total: 1852.46,
              }),
            );
      },
    });
    const { user } = startFromProperty();
    await screen.findByRole('heading', { level: 1, name: 'Reserve your stay' });

    await user.click(screen.getByRole('button', { name: 'Edit check-out date' }));
    const checkOut = screen.getByLabelText('Check-out');
    expect(checkOut).toHaveFocus();
    await user.clear(checkOut);
    await user.type(checkOut, '2027-04-13');
    await user.click(screen.getByRole('button', { name: 'Update dates' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This home has a 2-night minimum stay from Apr 12.');
    expect(checkOut).toHaveAccessibleDescription('This home has a 2-night minimum stay from Apr 12.');
    expect(total()).toBe('$1,291.11');

    await user.clear(checkOut);
    await user.type(checkOut, '2027-04-18');
    await user.click(screen.getByRole('button', { name: 'Update dates' }));

    await waitFor(() => expect(total()).toBe('$1,852.46'));
    expect(screen.queryByLabelText('Check-out')).not.toBeInTheDocument();
    expect(screen.getByText('6 nights')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit check-out date' })).toHaveFocus();
    const lastBody = requestBody(fetchMock.mock.calls.at(-1)?.[1]);
    expect(lastBody).toEqual({
      checkin_date: '2027-04-12',
      checkout_date: '2027-04-18',
      guests: { adults: 2, children: 1, infants: 0, pets: 0 },
      // The nights this reservation already holds are its own.
      reference: readDraft()?.reference,
    });
    expect(readDraft()?.reference).toMatch(/^[0-9a-f-]{36}$/);
    expect(readDraft()).toMatchObject({ stay: { checkOut: '2027-04-18' }, quote: { nights: 6, basePrice: 1500 } });
  });

  it('sends visitors who are not signed in from /reservations to the login page, to come back afterwards', async () => {
    const { history } = renderApp({ pathname: '/reservations', state: createStartState() });
    await waitFor(() => expect(history.location.pathname).toBe('/login'));
    expect(new URLSearchParams(history.location.search).get('redirectTo')).toBe('/reservations');
  });

  it('says so when /payment or /booking-confirmation is opened without data', async () => {
    const payment = renderApp('/payment');
    expect(await screen.findByText('Reservation details not found.')).toBeInTheDocument();
    payment.unmount();

    renderApp('/booking-confirmation');
    expect(await screen.findByText('Error: No booking data found')).toBeInTheDocument();
  });
});
