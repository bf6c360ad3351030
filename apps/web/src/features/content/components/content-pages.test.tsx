import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { rentalAgreementVersion } from '@sas/domain';
import { stubFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/test-utils';

describe('content pages', () => {
  beforeEach(() => {
    stubFetch({});
  });

  it('/partnerwithus lands on About Us', async () => {
    const { history } = renderApp('/partnerwithus?ref=card');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About Summit & Shore' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(history.location.pathname).toBe('/about-us');
    expect(history.location.search).toBe('?ref=card');
  });

  it('About Us shows the office with a drawn map and a link to a maps site, loading nothing external', async () => {
    renderApp('/about');
    const office = await screen.findByRole('region', { name: 'Visit Our Office' });
    expect(within(office).getByRole('img', { name: /Map of 110 S Main St/ })).toBeInTheDocument();
    expect(within(office).queryByTitle(/Map of our office/)).not.toBeInTheDocument();
    expect(within(office).getByRole('link', { name: /Open 110 S Main St.*in OpenStreetMap/ })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  it('Policies states the numbers of the policies module', async () => {
    renderApp('/policies');
    const cancellation = await screen.findByRole('region', { name: 'Cancellation and Refunds' });
    expect(cancellation).toHaveTextContent('Cancel within 48 hours of booking for a 100% refund.');
    expect(screen.getByRole('region', { name: 'Damage Deposit' })).toHaveTextContent('$0 to $1,000');
    expect(screen.getByRole('region', { name: 'House Rules and Penalties' })).toHaveTextContent(
      'Smoking inside a home: $500',
    );
    await waitFor(() => expect(document.title).toBe('Policies | Summit & Shore'));
  });

  it('Policies links to the rental agreement, which is written from the same policies and shows its version', async () => {
    const { user, history } = renderApp('/policies');
    await user.click(await screen.findByRole('link', { name: 'rental agreement' }));
    await waitFor(() => expect(history.location.pathname).toBe('/rental-agreement'));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rental agreement' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(`Version ${rentalAgreementVersion}`, { exact: false })).toBeInTheDocument();
    const payment = screen.getByRole('region', { name: 'Payment and installments' });
    expect(payment).toHaveTextContent('more than 45 days away');
    expect(payment).toHaveTextContent('the last 30 days before check-in');
    expect(payment).toHaveTextContent('72-hour grace period');
    expect(screen.getByRole('region', { name: 'Cancellation and refunds' })).toHaveTextContent(
      'Cancel within 48 hours of booking for a 100% refund.',
    );
    const deposit = screen.getByRole('region', { name: 'Security deposit' });
    expect(deposit).toHaveTextContent('$0 to $1,000');
    expect(deposit).toHaveTextContent('$2');
    expect(screen.getByRole('region', { name: 'Age requirement' })).toHaveTextContent('over 25');
    const rules = screen.getByRole('region', { name: 'House rules and penalties' });
    expect(rules).toHaveTextContent('Every home is non-smoking');
    for (const penalty of [
      'Unauthorised late check-out: $100',
      'Smoking inside a home: $500',
      'Lost keys or passes: $150',
    ]) {
      expect(rules).toHaveTextContent(penalty);
    }
    await waitFor(() => expect(document.title).toBe('Rental agreement | Summit & Shore'));
  });

  it("the banner's Chat live opens the contact form in a new tab when no chat is configured", async () => {
    renderApp('/concierge');
    const chat = await screen.findByRole('link', { name: /^Chat live/ });
    expect(chat).toHaveAttribute('href', 'https://forms.summitandshore.example/guest-services');
    expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
