import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';

const inquiryId = '7f1c2a9e-4b7d-4c1e-9a3f-2d5b8e6c1a00';

async function openForm() {
  const view = renderApp('/management');
  await view.user.click(
    await screen.findByRole('button', { name: 'Get a free rental projection' }, { timeout: 5_000 }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Tell us about your home' });
  return { ...view, dialog };
}

async function fillValid(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement) {
  const form = within(dialog);
  await user.type(form.getByLabelText('Name'), 'Dana Owner');
  await user.type(form.getByLabelText('Email'), 'dana@example.com');
  await user.type(form.getByLabelText('Phone'), '(970) 555-0199');
  await user.type(form.getByLabelText('Property location'), 'Breckenridge, CO');
  await user.type(form.getByLabelText('Bedrooms'), '3');
  await user.type(form.getByLabelText('Message'), 'Condo near the gondola.');
}

describe('owner inquiry form', () => {
  let fetchMock: ReturnType<typeof stubFetch>;

  beforeEach(() => {
    fetchMock = stubFetch({
      'POST /api/owner-inquiries': () => json({ id: inquiryId }, { status: 201 }),
    });
  });

  it('explains every missing field, focuses the first and sends nothing', async () => {
    const { user, dialog } = await openForm();
    await user.click(within(dialog).getByRole('button', { name: 'Send inquiry' }));

    const name = within(dialog).getByLabelText('Name');
    // The form's check loads with the form, so the answer may follow the click a moment later.
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Enter your name.');
    expect(within(dialog).getByLabelText('Bedrooms')).toHaveAccessibleDescription(
      'Enter the number of bedrooms, from 0 to 50.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a malformed e-mail address and phone number', async () => {
    const { user, dialog } = await openForm();
    await fillValid(user, dialog);
    const email = within(dialog).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'dana@');
    const phone = within(dialog).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '555');
    await user.click(within(dialog).getByRole('button', { name: 'Send inquiry' }));

    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('Enter an email address such as name@example.com.');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a valid inquiry and thanks the owner', async () => {
    const { user, dialog } = await openForm();
    await fillValid(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Send inquiry' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('We have received your inquiry');
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(init?.body as string)).toEqual({
      name: 'Dana Owner',
      email: 'dana@example.com',
      phone: '(970) 555-0199',
      propertyLocation: 'Breckenridge, CO',
      bedrooms: 3,
      message: 'Condo near the gondola.',
    });
  });

  it("shows the server's message when it refuses the inquiry", async () => {
    stubFetch({
      'POST /api/owner-inquiries': () =>
        json({ message: 'We have already received several inquiries from this e-mail address.' }, { status: 429 }),
    });
    const { user, dialog } = await openForm();
    await fillValid(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Send inquiry' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('already received several inquiries');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Send inquiry' })).toBeEnabled());
  });
});
