import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultMessageTemplates, messageVariables, type MessageTemplateView } from '@sas/domain';
import { json, stubFetch } from '@/testing/mock-fetch';
import { renderSection } from '@/testing/render-section';
import { TemplatesPage } from './templates-page';

const templates: MessageTemplateView[] = defaultMessageTemplates.map((t) => ({
  name: t.name,
  label: t.label,
  anchor: t.anchor,
  marketing: t.marketing,
  enabled: t.enabled,
  subject: t.subject,
  body: t.body,
  offsetDays: t.offsetDays,
  time: t.time,
  customized: false,
  variables: [...messageVariables],
}));

describe('guest message templates', () => {
  it('previews the unsaved words against a booking, sends a test, and saves', async () => {
    const fetchMock = stubFetch({
      'GET /api/admin/message-templates': () => json(templates),
      'POST /api/admin/message-templates/checkout_reminder/preview': () =>
        json({ subject: 'Checkout tomorrow at 10:00 AM', html: '<p>x</p>', text: 'Bye Ada from Bear Den Lodge' }),
      'POST /api/admin/message-templates/checkout_reminder/test-send': () =>
        json({ to: 'staff@example.com' }, { status: 202 }),
      'PUT /api/admin/message-templates/checkout_reminder': () => json({ ...templates[3], time: '17:00' }),
    });
    const { user } = renderSection(<TemplatesPage />);
    await user.selectOptions(await screen.findByLabelText('Template'), 'Checkout reminder');
    const body = screen.getByLabelText('Message');
    await user.clear(body);
    await user.type(body, 'Bye {{{{firstName}} from {{{{home}}');
    await user.type(screen.getByLabelText('Booking code to preview with'), 'SAS-7K3Q9P');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Bye Ada from Bear Den Lodge')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send me a test' }));
    expect(await screen.findByText('A test is on its way to staff@example.com.')).toBeInTheDocument();

    const time = screen.getByLabelText(/Time of day/);
    await user.clear(time);
    await user.type(time, '17:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
      expect(JSON.parse(put?.[1]?.body as string)).toMatchObject({
        body: 'Bye {{firstName}} from {{home}}',
        time: '17:00',
        offsetDays: -1,
        enabled: true,
      });
    });
    const preview = fetchMock.mock.calls.find(([url]) =>
      (url instanceof Request ? url.url : url.toString()).endsWith('/preview'),
    );
    expect(JSON.parse(preview?.[1]?.body as string)).toMatchObject({
      bookingCode: 'SAS-7K3Q9P',
      body: 'Bye {{firstName}} from {{home}}',
    });
  });
});
