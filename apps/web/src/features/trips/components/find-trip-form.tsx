import { useState, type FormEvent } from 'react';
import { useLookupTrip } from '../api/lookup-trip';

/**
 * Finds a booking by its code and the e-mail it was made with. The server
 * answers the same whether or not they match and e-mails the link to the
 * booking's address, so this form never says which.
 */
export function FindTripForm() {
  const lookup = useLookupTrip();
  const [code, setCode] = useState('');
  const [email, setEmail] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (lookup.isPending) return;
    lookup.mutate({ code: code.trim().toUpperCase(), email: email.trim() });
  }

  return (
    <form className="trips__find" onSubmit={submit} aria-labelledby="find-trip">
      <h2 id="find-trip">Find a booking</h2>
      <p>Enter the booking code from your confirmation and the e-mail you booked with: we will e-mail you a link.</p>
      <div className="trips__field">
        <label htmlFor="find-trip-code">Booking code</label>
        <input
          id="find-trip-code"
          name="code"
          autoComplete="off"
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </div>
      <div className="trips__field">
        <label htmlFor="find-trip-email">E-mail</label>
        <input
          id="find-trip-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={lookup.isPending}>
        {lookup.isPending ? 'Sending…' : 'E-mail me a link'}
      </button>
      <div aria-live="polite">
        {lookup.isSuccess && (
          <p role="status" className="trips__sent">
            {lookup.data.message}
          </p>
        )}
      </div>
      {lookup.isError && (
        <p role="alert" className="trip-error">
          {lookup.error.message}
        </p>
      )}
    </form>
  );
}
