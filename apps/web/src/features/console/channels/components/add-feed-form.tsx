import { useId, useRef, useState, type FormEvent } from 'react';
import {
  adminFeedRequestSchema,
  calendarChannelLabels,
  calendarChannelNames,
  maxFeedNameLength,
  maxFeedUrlLength,
  type CalendarChannelName,
} from '@sas/domain';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '../../shared/format';
import { useAddCalendarFeed } from '../api/add-calendar-feed';

type Field = 'name' | 'url';

/**
 * Adds a channel's calendar (its iCal export URL) to a home. The server
 * checks the address before saving it: a refusal (plain http, a private
 * address) comes back as a 400, a feed the home has already as a 409, and
 * the reason is shown beside the URL.
 */
export function AddFeedForm({ homeId, onAdded }: { homeId: string; onAdded: (message: string) => void }) {
  const add = useAddCalendarFeed(homeId);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [channel, setChannel] = useState<CalendarChannelName>('airbnb');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const ids = { name: useId(), url: useId(), channel: useId(), refusal: useId() };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    add.reset();
    const parsed = adminFeedRequestSchema.safeParse({ name, url, channel });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'name' || field === 'url') && found[field] === undefined) found[field] = issue.message;
      }
      setErrors(found);
      (found.name !== undefined ? nameRef : urlRef).current?.focus();
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: (feed) => {
        setName('');
        setUrl('');
        onAdded(`Added ${feed.name}. Its events are imported at the next sync; use Sync now to import them at once.`);
      },
      onError: () => urlRef.current?.focus(),
    });
  }

  // 400: the server will not fetch this address; 409: the home imports it already. Anything else is not the URL's fault.
  const refused = add.isError && isApiError(add.error) && [400, 409].includes(add.error.status);
  const urlDescribedBy = [errors.url === undefined ? null : `${ids.url}-error`, refused ? ids.refusal : null]
    .filter(Boolean)
    .join(' ');

  return (
    <form className="channels__add" aria-labelledby="channels-add-heading" noValidate onSubmit={submit}>
      <h3 id="channels-add-heading">Add a feed</h3>
      <p className="console-muted">
        Paste the calendar export link the channel gives for this listing (on Airbnb: Availability, Connect calendars,
        Export calendar).
      </p>
      <div className="console-toolbar">
        <div className="console-field">
          <label htmlFor={ids.name}>Name</label>
          <input
            ref={nameRef}
            id={ids.name}
            type="text"
            autoComplete="off"
            maxLength={maxFeedNameLength}
            required
            value={name}
            aria-invalid={errors.name !== undefined}
            aria-describedby={errors.name === undefined ? undefined : `${ids.name}-error`}
            onChange={(event) => setName(event.target.value)}
          />
          {errors.name !== undefined && (
            <p id={`${ids.name}-error`} className="channels__field-error">
              {errors.name}
            </p>
          )}
        </div>
        <div className="console-field">
          <label htmlFor={ids.channel}>Channel</label>
          <select
            id={ids.channel}
            value={channel}
            onChange={(event) => setChannel(event.target.value as CalendarChannelName)}
          >
            {calendarChannelNames.map((option) => (
              <option key={option} value={option}>
                {calendarChannelLabels[option]}
              </option>
            ))}
          </select>
        </div>
        <div className="console-field channels__url-field">
          <label htmlFor={ids.url}>Feed URL</label>
          <input
            ref={urlRef}
            id={ids.url}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            maxLength={maxFeedUrlLength}
            required
            value={url}
            aria-invalid={errors.url !== undefined || refused}
            aria-describedby={urlDescribedBy === '' ? undefined : urlDescribedBy}
            onChange={(event) => setUrl(event.target.value)}
          />
          {errors.url !== undefined && (
            <p id={`${ids.url}-error`} className="channels__field-error">
              {errors.url}
            </p>
          )}
        </div>
      </div>
      {add.isError && (
        <p id={ids.refusal} role="alert" className="console-error">
          Not added: {errorMessage(add.error)}
        </p>
      )}
      <button type="submit" className="button button--primary" aria-disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add feed'}
      </button>
    </form>
  );
}
